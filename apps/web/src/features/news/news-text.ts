import type { Post } from '@storefront/contracts';
import { htmlToText, preview } from '../../lib/text.ts';

/** The news card preview's limit (docs/product.md, Constants: news preview 500). */
export const NEWS_PREVIEW = 500;

/**
 * A sentence ends at . ! ? ؟ or … (optionally followed by closing quotes or brackets) when a space or
 * the end of the text follows, so "2.5" or "www.example.com" do not end it; a line break ends it too.
 */
const SENTENCE_END = /[.!?؟…]+["'»”’)\]]*(?=\s|$)/u;

/**
 * The first sentence of a text, whitespace collapsed, at most `max` characters (a longer sentence is
 * cut at a word boundary and ends with an ellipsis, the ellipsis included in the limit).
 */
export function firstSentence(text: string, max = NEWS_PREVIEW): string {
  const firstLine =
    text
      .trim()
      .split(/\n\s*\n|\r?\n/)
      .find((line) => line.trim() !== '') ?? '';
  const match = SENTENCE_END.exec(firstLine);
  const sentence = (match ? firstLine.slice(0, match.index + match[0].length) : firstLine)
    .replace(/\s+/g, ' ')
    .trim();
  if (sentence.length <= max) return sentence;
  return preview(sentence, max - 1).text;
}

/** A post's card preview: the first sentence of its plain text (or of its HTML body when that is empty). */
export function postPreview(post: Pick<Post, 'content' | 'specific_content'>, max = NEWS_PREVIEW): string {
  const text = post.content.trim() ? post.content : htmlToText(post.specific_content);
  return firstSentence(text, max);
}
