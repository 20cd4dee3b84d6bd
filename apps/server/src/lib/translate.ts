/** Per-request context for turning stored rows into API objects. */
export interface LocaleContext {
  /** The URL's language. */
  lang: string;
  /** Used when a text has no value in `lang`. */
  fallback: string;
  /** Turns a stored image reference (media path or absolute URL) into an absolute URL. */
  media: (ref: string) => string;
  /** The base of `media`'s URLs (e.g. `https://shop.example`), when they have one. */
  mediaBase?: string;
  /** Supplier phone numbers are shown to signed-in users only. */
  showPhone: boolean;
}

export type Translated = Record<string, string>;

/** Picks the text in the context's language from a stored JSON object, falling back to `fallback`. */
export function pick(json: string, ctx: LocaleContext): string {
  const value = JSON.parse(json) as Translated;
  return pickFrom(value, ctx);
}

export function pickFrom(value: Translated, ctx: Pick<LocaleContext, 'lang' | 'fallback'>): string {
  const text = value[ctx.lang];
  if (text !== undefined && text !== '') return text;
  return value[ctx.fallback] ?? Object.values(value)[0] ?? '';
}

/** Builds the media URL function for a base such as `https://shop.example` (no trailing slash). */
export function mediaUrlFor(base: string): (ref: string) => string {
  return (ref) => (/^https?:\/\//i.test(ref) ? ref : `${base}/media/${ref}`);
}
