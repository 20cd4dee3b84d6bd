import { useTranslation } from '../../../app/translate.tsx';

/** In stock when the inventory is above 0, otherwise unavailable (docs/product.md, States). */
export function isInStock(inventory: number): boolean {
  return inventory > 0;
}

export function AvailabilityBadge({ inventory }: { inventory: number }) {
  const { t } = useTranslation('product');
  const inStock = isInStock(inventory);
  return (
    <span
      data-testid="availability"
      data-in-stock={inStock}
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${
        inStock ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'
      }`}
    >
      <span
        aria-hidden
        className={`inline-block h-2 w-2 rounded-full ${inStock ? 'bg-emerald-700' : 'bg-slate-600'}`}
      />
      {inStock ? t('inStock') : t('unavailable')}
    </span>
  );
}
