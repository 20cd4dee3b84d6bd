/** Plain text of an HTML fragment (tags dropped, whitespace collapsed); safe: nothing is rendered. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Cuts a text at `max` characters (at a word boundary when one is near) and says whether it did. */
export function preview(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const slice = text.slice(0, max);
  const space = slice.lastIndexOf(' ');
  return { text: `${(space > max * 0.7 ? slice.slice(0, space) : slice).trimEnd()}…`, cut: true };
}
