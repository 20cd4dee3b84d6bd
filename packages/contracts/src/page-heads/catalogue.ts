/** The catalogue's pages' heads: the products, a product, the lists by a search term, a collection, a supplier, the filters. */
import type { Product, ProductsQuery } from '../store.ts';
import { breadcrumb, describe, listPage, missing, named, type HeadOf } from './types.ts';

/** The products, page by page. */
export const productsHead = listPage('pages:products.title', [{}]);

/** `product`: undefined while it loads, null when there is none; `failed`: it could not be loaded. */
export const productHead: HeadOf<{ product: Product | null | undefined; failed?: boolean }> = (
  ctx,
  { product, failed },
) => {
  // In the tab, a product's page is named by the product alone.
  if (product === null) return { ...missing(ctx), appTitle: ctx.t('product:notFound.title') };
  if (product === undefined) {
    return { title: ctx.site.name, appTitle: failed ? ctx.t('product:pageTitle') : null };
  }
  const offers =
    product.price_range === null
      ? undefined
      : {
          '@type': 'AggregateOffer',
          lowPrice: product.price_range.start_price,
          highPrice: product.price_range.end_price,
          priceCurrency: product.price_range.currency_type || 'IRR',
          offerCount: 1,
          availability: `https://schema.org/${product.inventory > 0 ? 'InStock' : 'OutOfStock'}`,
        };
  return {
    title: named(ctx, product.title),
    appTitle: product.title,
    description: describe(product.short_description || product.description) || ctx.site.name,
    image: product.images[0]?.image,
    type: 'product',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        description: describe(product.short_description || product.description, 500),
        sku: String(product.id),
        url: ctx.url(ctx.path),
        ...(product.images.length > 0 ? { image: product.images.map((i) => i.image) } : {}),
        ...(product.collection ? { category: product.collection.title } : {}),
        ...(product.industry
          ? {
              brand: { '@type': 'Brand', name: product.industry.title },
              manufacturer: {
                '@type': 'Organization',
                name: product.industry.title,
                ...(product.industry.website ? { url: product.industry.website } : {}),
              },
            }
          : {}),
        ...(offers ? { offers } : {}),
      },
      breadcrumb(ctx, [
        { name: ctx.t('pages:products.title'), path: 'products' },
        { name: product.title, path: ctx.path },
      ]),
    ],
  };
};

/** The lists by a search term, a collection (or subcollection), a supplier: their heading in the tab. */
const resultsPage =
  (key: string, value: 'term' | 'name', list: (name: string) => ProductsQuery[]): HeadOf<{ name: string }> =>
  (ctx, { name }) => ({
    title: ctx.site.name,
    appTitle: named(ctx, ctx.t(key, { [value]: name })),
    list: list(name),
  });

export const productSearchHead = resultsPage('pages:search.title', 'term', (search) => [{ search }]);
export const collectionHead = resultsPage('pages:collection.title', 'name', (name) => [
  { collection: name },
  { subcollection: name },
]);
export const industryHead = resultsPage('pages:industry.title', 'name', (industry) => [{ industry }]);

/** `term`: the filters shown, joined (empty without any). The preview is all products' first image. */
export const filteredHead: HeadOf<{ term: string }> = (ctx, { term }) => ({
  title: ctx.site.name,
  appTitle: named(ctx, term ? ctx.t('pages:search.title', { term }) : ctx.t('pages:products.title')),
  list: [{}],
});
