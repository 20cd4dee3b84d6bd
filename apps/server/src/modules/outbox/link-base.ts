import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { Settings } from '../settings/repository.ts';

/**
 * The base of absolute links written into mail (a staff member's link to an enquiry): PUBLIC_URL
 * when set. Without it, never the Host of the request that triggers the mail (a visitor sending an
 * enquiry chooses that header, and could point staff's links at a site of theirs), but the origin
 * staff last signed in to the back office from (kept in `meta` at each sign-in); with neither, an
 * empty base, and the mail has no link.
 */
export async function rememberStaffOrigin(db: Kysely<DB>, origin: string): Promise<void> {
  await new Settings(db).put('staffOrigin', origin);
}

export async function linkBase(db: Kysely<DB>, config: Pick<AppConfig, 'publicUrl'>): Promise<string> {
  if (config.publicUrl) return config.publicUrl;
  return linkBaseOf(config, await new Settings(db).text('staffOrigin'));
}

/** The same rule, for a caller that read the staff origin itself (with other settings, in one read). */
export function linkBaseOf(config: Pick<AppConfig, 'publicUrl'>, staffOrigin: string | undefined): string {
  return config.publicUrl || (staffOrigin ?? '');
}
