/**
 * Where each enquiry came from (issue 26): the visitor's first touch, kept for 30 days in a
 * first-party cookie that the server sets when it renders a storefront page (modules/web/routes.ts)
 * and reads when an enquiry is sent (routes.ts). Nothing of it leaves the store: no third-party
 * script, pixel or request.
 *
 * A first touch is a landing with `utm_*` or `torob_clid` in the URL, or from another site (an
 * external Referer); a direct visit or a page reached from the store itself sets nothing, so the
 * first visit that names a source is the one kept. The cookie is written once (while none exists)
 * and never changed. Its value is small JSON, percent-encoded; a cookie that is too long, broken
 * or of another shape reads as no source at all, never as an error.
 */

export const SOURCE_COOKIE = 'sf_src';
/** The first touch is kept for 30 days. */
export const SOURCE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Torob credits a shop with what a visitor does within 7 days of its click. */
export const TOROB_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** The longest cookie value read or written: more than the fields' caps allow is not ours. */
const COOKIE_MAX = 1024;
/** Each field's cap (characters); longer values are cut, not refused. */
const FIELD_MAX = 100;
const CLID_MAX = 200;

/** A visitor's first touch, as the cookie keeps it and the enquiry stores it. */
export interface FirstTouch {
  /** The engine or network in words ('' when none can be named). */
  source: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer_host: string | null;
  torob_clid: string | null;
  /** When Torob's click id was seen (ISO). */
  torob_at: string | null;
  landed_at: string;
}

/** The enquiry's columns for its source (torob_at is not stored: it only decides torob_clid). */
export type EnquirySource = Omit<FirstTouch, 'torob_at' | 'landed_at'> & { landed_at: string | null };

export const NO_SOURCE: EnquirySource = {
  source: '',
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  referrer_host: null,
  torob_clid: null,
  landed_at: null,
};

/**
 * Known hosts in words: a host is named by its last labels (google.co.uk and www.google.com are
 * both google). Others keep their host, which the owner can read as it is.
 */
const KNOWN: readonly [RegExp, string][] = [
  [/(^|\.)torob\.(com|ir)$/, 'torob'],
  [/(^|\.)emalls\.(ir|com)$/, 'emalls'],
  [/(^|\.)google\.[a-z.]+$/, 'google'],
  [/(^|\.)bing\.com$/, 'bing'],
  [/(^|\.)yandex\.[a-z.]+$/, 'yandex'],
  [/(^|\.)duckduckgo\.com$/, 'duckduckgo'],
  [/(^|\.)(instagram\.com|instagr\.am)$/, 'instagram'],
  [/(^|\.)(t\.me|telegram\.(org|me))$/, 'telegram'],
  [/(^|\.)(wa\.me|whatsapp\.(com|net))$/, 'whatsapp'],
  [/(^|\.)(ble\.ir|bale\.ai)$/, 'bale'],
  [/(^|\.)(facebook\.com|fb\.com)$/, 'facebook'],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'twitter'],
  [/(^|\.)linkedin\.com$/, 'linkedin'],
  [/(^|\.)(divar\.ir)$/, 'divar'],
];
const NAMES = new Set(KNOWN.map(([, name]) => name));

// Control characters (a header or a cookie must never carry them) are what this pattern is for.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A cleaned text: trimmed, control characters dropped, cut to its cap; null when nothing is left. */
function clean(value: string | null | undefined, max = FIELD_MAX): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(CONTROL, '').trim().slice(0, max);
  return text === '' ? null : text;
}

/** A host as kept: lower case, no port, no leading www. */
function plainHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');
}

/** The source's name for a host or a `utm_source`: a known network's word, else the text itself. */
export function sourceName(value: string): string {
  const text = value.toLowerCase().trim();
  if (NAMES.has(text)) return text;
  const host = plainHost(text);
  for (const [pattern, name] of KNOWN) if (pattern.test(host)) return name;
  return (clean(host) ?? '').replace(/\s+/g, '-');
}

/**
 * The first touch of a page request, or undefined when it names no source: `url` is the page's
 * path and query, `referer` the Referer header, `ownHosts` the store's hosts (its own pages are
 * never a source).
 */
export function firstTouchOf(
  url: string,
  referer: string | undefined,
  ownHosts: readonly string[],
  now = new Date(),
): FirstTouch | undefined {
  let params: URLSearchParams;
  try {
    params = new URL(url, 'http://store.invalid').searchParams;
  } catch {
    return undefined;
  }
  const utmSource = clean(params.get('utm_source'));
  const utmMedium = clean(params.get('utm_medium'));
  const utmCampaign = clean(params.get('utm_campaign'));
  const clid = clean(params.get('torob_clid'), CLID_MAX);
  let referrerHost: string | null = null;
  if (referer !== undefined && referer.length <= 4096) {
    try {
      const from = new URL(referer);
      const own = new Set(ownHosts.map(plainHost));
      if ((from.protocol === 'http:' || from.protocol === 'https:') && !own.has(plainHost(from.host))) {
        referrerHost = clean(plainHost(from.hostname));
      }
    } catch {
      // A Referer that is no URL names no source.
    }
  }
  if (utmSource === null && utmMedium === null && utmCampaign === null && clid === null && !referrerHost) {
    return undefined;
  }
  const source =
    utmSource !== null
      ? sourceName(utmSource)
      : clid !== null
        ? 'torob'
        : referrerHost !== null
          ? sourceName(referrerHost)
          : '';
  return {
    source,
    utm_source: utmSource,
    utm_medium: utmMedium,
    utm_campaign: utmCampaign,
    referrer_host: referrerHost,
    torob_clid: clid,
    torob_at: clid === null ? null : now.toISOString(),
    landed_at: now.toISOString(),
  };
}

// The cookie's short keys, in the order of FirstTouch's fields.
const KEYS = {
  s: 'source',
  us: 'utm_source',
  um: 'utm_medium',
  uc: 'utm_campaign',
  r: 'referrer_host',
  t: 'torob_clid',
  tt: 'torob_at',
  at: 'landed_at',
} as const satisfies Record<string, keyof FirstTouch>;

/** The cookie's value: the fields that are set, as short-keyed JSON, percent-encoded. */
export function encodeTouch(touch: FirstTouch): string {
  const compact: Record<string, string> = {};
  for (const [short, field] of Object.entries(KEYS)) {
    const value = touch[field];
    if (value !== null && value !== '') compact[short] = value;
  }
  return encodeURIComponent(JSON.stringify(compact));
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** The first touch a Cookie header carries, or undefined: anything broken, huge or odd is no source. */
export function readTouch(cookieHeader: string | undefined): FirstTouch | undefined {
  if (cookieHeader === undefined || cookieHeader.length > 16_384) return undefined;
  const raw = new RegExp(`(?:^|;\\s*)${SOURCE_COOKIE}=([^;]*)`).exec(cookieHeader)?.[1];
  if (raw === undefined || raw.length > COOKIE_MAX) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const record = parsed as Record<string, unknown>;
  const text = (key: string, max = FIELD_MAX) =>
    typeof record[key] === 'string' ? clean(record[key], max) : null;
  const landed = text('at');
  if (landed === null || !ISO.test(landed)) return undefined;
  const torobAt = text('tt');
  const clid = text('t', CLID_MAX);
  const source = text('s');
  return {
    source: source === null ? '' : sourceName(source),
    utm_source: text('us'),
    utm_medium: text('um'),
    utm_campaign: text('uc'),
    referrer_host: text('r'),
    torob_clid: clid,
    torob_at: torobAt !== null && ISO.test(torobAt) ? torobAt : null,
    landed_at: landed,
  };
}

/** Whether a Cookie header already holds a first touch (then nothing is set: the first one stays). */
export function hasTouchCookie(cookieHeader: string | undefined): boolean {
  return new RegExp(`(?:^|;\\s*)${SOURCE_COOKIE}=`).test(cookieHeader ?? '');
}

/** The Set-Cookie header's value for a first touch. */
export function touchCookie(touch: FirstTouch, secure: boolean): string | undefined {
  const value = encodeTouch(touch);
  if (value.length > COOKIE_MAX) return undefined;
  return `${SOURCE_COOKIE}=${value}; Max-Age=${SOURCE_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * What an enquiry stores of a Cookie header: the first touch, with Torob's click id only while
 * Torob still credits its click (7 days); no cookie, or a broken one, stores no source.
 */
export function enquirySourceOf(cookieHeader: string | undefined, now = new Date()): EnquirySource {
  const touch = readTouch(cookieHeader);
  if (!touch) return NO_SOURCE;
  const clickedAt = touch.torob_at === null ? NaN : Date.parse(touch.torob_at);
  const fresh = Number.isFinite(clickedAt) && now.getTime() - clickedAt <= TOROB_WINDOW_MS;
  return {
    source: touch.source,
    utm_source: touch.utm_source,
    utm_medium: touch.utm_medium,
    utm_campaign: touch.utm_campaign,
    referrer_host: touch.referrer_host,
    torob_clid: fresh ? touch.torob_clid : null,
    landed_at: touch.landed_at,
  };
}
