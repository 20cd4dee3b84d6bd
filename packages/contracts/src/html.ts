/**
 * Text put into markup. Server-written HTML (page heads, mails, the unsubscribe page) and XML (the
 * sitemap) escape with these, so the rule is written once.
 */

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  // &#39; rather than &apos;: HTML 4 and some mail clients do not know &apos;.
  "'": '&#39;',
};

const XML_ENTITIES: Record<string, string> = { ...HTML_ENTITIES, "'": '&apos;' };

/** Text as HTML, safe in an element's content and in a quoted attribute (either quote). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch]!);
}

/** Text as XML (the sitemap), safe in content and in quoted attributes; XML's own `&apos;`. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch]!);
}

/**
 * A value as JSON inside an HTML `<script>` element (JSON-LD, the storefront's state block): nothing
 * in it can close the element or open a comment, and line separators cannot break it.
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
