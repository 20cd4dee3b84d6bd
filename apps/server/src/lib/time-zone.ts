/**
 * Days in the store's time zone (STORE_TIME_ZONE, Asia/Tehran by default): the back office's date
 * filters and the dashboard count "today", "this week" and each of the last 30 days as the business
 * lives them, while the database keeps UTC ISO strings.
 */

/** The zone's offset from UTC at an instant, in minutes (Tehran: +210). */
const formats = new Map<string, Intl.DateTimeFormat>();

export function offsetMinutes(timeZone: string, at: Date): number {
  // One formatter per zone: making one costs far more than using it (the dashboard asks thousands of times).
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** The day (YYYY-MM-DD) an instant falls on in the zone. */
export function localDay(timeZone: string, at: Date): string {
  return new Date(at.getTime() + offsetMinutes(timeZone, at) * 60_000).toISOString().slice(0, 10);
}

/** The instant (UTC ISO) a day of the zone begins. */
export function dayStart(timeZone: string, day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  // The offset at (about) that moment; a second pass settles a day on which the offset changes.
  let start = midnightUtc - offsetMinutes(timeZone, new Date(midnightUtc)) * 60_000;
  start = midnightUtc - offsetMinutes(timeZone, new Date(start)) * 60_000;
  return new Date(start).toISOString();
}

/** The day after a day (YYYY-MM-DD). */
export function nextDay(day: string, days = 1): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether Intl knows the zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
