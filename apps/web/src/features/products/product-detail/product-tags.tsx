import type { Product } from '@storefront/contracts';
import { useTranslation } from '../../../app/translate.tsx';
import { Link } from 'react-router';

/** The product's tags as chips; each searches the products with that word. */
export function ProductTags({ tags }: { tags: Product['tags'] }) {
  const { t } = useTranslation('product');
  if (tags.length === 0) return null;
  return (
    <section aria-labelledby="tags-heading" className="mt-4">
      <h2 id="tags-heading" className="mb-2 text-sm font-bold text-slate-800">
        {t('tags')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {tags.map(({ tag }) => (
          <li key={tag.id}>
            <Link
              to={`/products/search/${encodeURIComponent(tag.title)}`}
              title={t('tagSearch', { tag: tag.title })}
              className="inline-block rounded-full border border-sky-200 bg-sky-50 px-3 py-1 text-sm text-sky-900 hover:bg-sky-100"
            >
              #{tag.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
