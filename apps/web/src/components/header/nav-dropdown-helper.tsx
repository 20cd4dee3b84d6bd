import { Link } from 'react-router';

export interface NavDropdownEntry {
  id: number;
  products: { id: number; title: string }[];
}

/**
 * The spec's navigation dropdown helper: lists the products of the entry whose id matches the open
 * one, each linking to its product page; shows nothing when no entry matches.
 */
export function NavDropdownHelper({
  entries,
  openId,
  label,
}: {
  entries: NavDropdownEntry[];
  openId: number | null;
  label?: string;
}) {
  const entry = openId === null ? undefined : entries.find((e) => e.id === openId);
  if (!entry || entry.products.length === 0) return null;
  return (
    <ul aria-label={label} className="space-y-1">
      {entry.products.map((product) => (
        <li key={product.id}>
          <Link
            to={`/product/${product.id}`}
            className="block rounded px-2 py-1 text-sm text-slate-700 hover:bg-sky-50 hover:text-sky-900"
          >
            {product.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
