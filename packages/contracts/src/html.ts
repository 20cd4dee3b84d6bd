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
