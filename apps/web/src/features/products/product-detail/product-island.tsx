import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../lib/use-language.ts';
import { productQueryOptions } from '../api/get-product.ts';
import { ProductDetail } from './product-detail.tsx';

/**
 * The product's panel as an island of its page (app/islands.tsx): the product from the page's data
 * (the query cache the page's state block fills), drawn as the page drew it.
 */
export function ProductIsland({ id }: { id: number }) {
  const lang = useLanguage();
  const product = useQuery(productQueryOptions(lang, id)).data;
  return product ? <ProductDetail key={product.id} product={product} /> : null;
}
