import { escapeHtml } from '@storefront/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * The allowlist for HTML that comes from content (product descriptions, news bodies, about-us).
 * Scripts, styles, event-handler attributes, `javascript:` URLs and unknown tags are removed.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'q',
    'cite',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'div',
    'abbr',
    'bdi',
    'bdo',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
    bdo: ['dir'],
    '*': ['dir', 'lang'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** What `smallPage` puts in its shell; every text is escaped by the caller or here as named. */
export interface SmallPage {
  lang: 'fa' | 'en';
  /** The document's title, as text (escaped here). */
  title: string;
  /** The content of `<main>`, as HTML (its values escaped by the caller). */
  main: string;
  /** The robots meta's content: these pages are never worth indexing, so `noindex` unless told. */
  robots?: string;
  /** Rules added to the shared style, for what only this page shows. */
  style?: string;
}

/**
 * The shell of the server's own small pages (the newsletter's unsubscribe link, an enquiry's follow
 * page): no script, one inline style (the Content-Security-Policy allows inline styles, not
 * scripts), the language's direction, readable on a phone. Kept in one place so that these pages
 * look alike and a change to the shell reaches them all.
 */
export function smallPage({ lang, title, main, robots = 'noindex', style = '' }: SmallPage): string {
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'fa' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="${escapeHtml(robots)}">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,Tahoma,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.7;color:#1e293b}
button{font:inherit;padding:.5rem 1.25rem;border-radius:.375rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}
a{color:#1d4ed8}${style}</style></head>
<body><main>${main}</main></body></html>`;
}
