import { escapeHtml as escape, jsonInScript } from '@storefront/contracts';

/**
 * The head of a storefront page, in its language, written into the shell's first byte: `<html lang
 * dir>`, title, description, canonical URL, hreflang alternates (every language and x-default), Open
 * Graph and Twitter card with an absolute image, robots, and JSON-LD. Pure: the data comes from
 * page-head.ts.
 */

export interface Head {
  lang: string;
  dir: 'rtl' | 'ltr';
  title: string;
  description: string;
  /** The page's URL in this language (canonical). */
  canonical: string;
  /** The page in each language, and x-default. */
  alternates: Record<string, string>;
  /** An absolute image URL for link previews. */
  image?: string | undefined;
  /** Open Graph type. */
  type: 'website' | 'product' | 'article';
  siteName: string;
  /** The store's own favicon (absolute URL), in place of the build's. */
  favicon?: string | undefined;
  noindex?: boolean;
  jsonLd: object[];
}

export function headTags(head: Head): string {
  const meta = (name: string, content: string) => `<meta name="${name}" content="${escape(content)}">`;
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escape(content)}">`;
  const tags = [
    `<title>${escape(head.title)}</title>`,
    ...(head.favicon ? [`<link rel="icon" href="${escape(head.favicon)}">`] : []),
    meta('description', head.description),
    `<link rel="canonical" href="${escape(head.canonical)}">`,
    ...Object.entries(head.alternates).map(
      ([lang, href]) => `<link rel="alternate" hreflang="${escape(lang)}" href="${escape(href)}">`,
    ),
    ...(head.noindex ? [meta('robots', 'noindex')] : []),
    property('og:type', head.type),
    property('og:site_name', head.siteName),
    property('og:title', head.title),
    property('og:description', head.description),
    property('og:url', head.canonical),
    property('og:locale', head.lang === 'fa' ? 'fa_IR' : head.lang === 'en' ? 'en_US' : head.lang),
    ...(head.image ? [property('og:image', head.image)] : []),
    meta('twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('twitter:title', head.title),
    meta('twitter:description', head.description),
    ...(head.image ? [meta('twitter:image', head.image)] : []),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${jsonInScript(data)}</script>`),
  ];
  return tags.join('');
}

/** The shell with the page's language, direction and head in place of its defaults. */
export function withHead(shell: string, head: Head): string {
  // The store's favicon replaces the build's (headTags writes it).
  const withIcon = head.favicon ? shell.replace(/<link rel="icon"[^>]*>/i, '') : shell;
  return withIcon
    .replace(/<html[^>]*>/i, `<html lang="${escape(head.lang)}" dir="${head.dir}">`)
    .replace(/<title>[\s\S]*?<\/title>/i, headTags(head));
}
