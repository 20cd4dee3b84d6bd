/**
 * A plain-text preview: the text without markup, on one line, cut at a word boundary so that it
 * holds at most about `max` characters, with "…" when something was cut.
 */
export function previewText(text: string, max: number): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...plain];
  if (chars.length <= max) return plain;
  const head = chars.slice(0, max).join('');
  const cut = head.lastIndexOf(' ');
  // A first word longer than the whole preview is cut where the preview ends.
  return `${(cut > max / 2 ? head.slice(0, cut) : head).replace(/[\s,.;:،؛]+$/u, '')}…`;
}
