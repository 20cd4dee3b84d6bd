import type { HeadOf } from './types.ts';

/** Home: the store's name and description; Organization and WebSite with a SearchAction. */
export const homeHead: HeadOf<unknown> = (ctx) => {
  const { site } = ctx;
  const logo = site.logo ?? undefined;
  return {
    title: site.description ? `${site.name} | ${site.description}` : site.name,
    appTitle: site.name,
    // The home page shows the recommended products first.
    list: [{ recommend: true }, {}],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: site.name,
        url: ctx.url(''),
        ...(logo ? { logo } : {}),
        ...(site.description ? { description: site.description } : {}),
        ...(site.email ? { email: site.email } : {}),
        ...(site.phones[0] ? { telephone: site.phones[0] } : {}),
        ...(site.address ? { address: site.address } : {}),
        ...(site.social.length > 0 ? { sameAs: site.social.map((s) => s.url) } : {}),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: site.name,
        url: ctx.url(''),
        inLanguage: ctx.lang,
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${ctx.appBase}/products/search/{search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
};
