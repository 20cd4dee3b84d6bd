import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { migration, type AnyDb } from './support/schema.ts';

/** The staff columns that decide who hears of a new enquiry or a held review, and how. */
const STAFF_COLUMNS = [
  'email',
  'role',
  'is_active',
  'language',
  'notify_enquiries',
  'notify_reviews',
  'phone',
  'bale_chat_id',
  'telegram_chat_id',
  'notify_channels',
];

/** The `meta` keys the notices and the review route read: the store identity, the staff origin, the review policy. */
const META_KEYS = ['store', 'staff_origin', 'reviews_moderation'];

/**
 * Frozen: `audience_version`, one row whose `version` every change to what a new enquiry's notices
 * are written from moves: a staff row's audience columns (inserted, deleted, or one of STAFF_COLUMNS
 * updated), any change to `webhooks`, and the `meta` keys in META_KEYS. Moved by triggers, so every
 * writer (the back office, the chat-link poller, another process, a script) moves it without
 * knowing of it. The enquiry and review routes keep what they read of those tables per process and
 * compare this one number instead of reading them again per request (issue 22: on PostgreSQL the
 * node process was the limit, at eight round trips an order).
 */
export function enquiryAudienceMigration(dialect: DialectName): Migration {
  return migration(async (db) => {
    await sql`CREATE TABLE audience_version (id integer PRIMARY KEY, version bigint NOT NULL)`.execute(db);
    await sql`INSERT INTO audience_version (id, version) VALUES (1, 1)`.execute(db);
    if (dialect === 'postgres') await postgresTriggers(db);
    else await sqliteTriggers(db);
  });
}

const metaKeys = META_KEYS.map((key) => `'${key}'`).join(', ');

async function postgresTriggers(db: AnyDb): Promise<void> {
  await sql
    .raw(
      `CREATE FUNCTION audience_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audience_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$`,
    )
    .execute(db);
  const staffUpdate = STAFF_COLUMNS.join(', ');
  const statements = [
    `CREATE TRIGGER staff_audience AFTER INSERT OR DELETE OR UPDATE OF ${staffUpdate} ON staff
       FOR EACH STATEMENT EXECUTE FUNCTION audience_version_bump()`,
    `CREATE TRIGGER webhooks_audience AFTER INSERT OR DELETE OR UPDATE ON webhooks
       FOR EACH STATEMENT EXECUTE FUNCTION audience_version_bump()`,
    `CREATE TRIGGER meta_audience_insert AFTER INSERT ON meta FOR EACH ROW
       WHEN (NEW.key IN (${metaKeys})) EXECUTE FUNCTION audience_version_bump()`,
    `CREATE TRIGGER meta_audience_update AFTER UPDATE ON meta FOR EACH ROW
       WHEN (NEW.key IN (${metaKeys}) AND NEW.value IS DISTINCT FROM OLD.value)
       EXECUTE FUNCTION audience_version_bump()`,
    `CREATE TRIGGER meta_audience_delete AFTER DELETE ON meta FOR EACH ROW
       WHEN (OLD.key IN (${metaKeys})) EXECUTE FUNCTION audience_version_bump()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function sqliteTriggers(db: AnyDb): Promise<void> {
  const bump = 'BEGIN UPDATE audience_version SET version = version + 1 WHERE id = 1; END';
  const statements = [
    `CREATE TRIGGER staff_audience_insert AFTER INSERT ON staff ${bump}`,
    `CREATE TRIGGER staff_audience_delete AFTER DELETE ON staff ${bump}`,
    `CREATE TRIGGER staff_audience_update AFTER UPDATE OF ${STAFF_COLUMNS.join(', ')} ON staff ${bump}`,
    `CREATE TRIGGER webhooks_audience_insert AFTER INSERT ON webhooks ${bump}`,
    `CREATE TRIGGER webhooks_audience_delete AFTER DELETE ON webhooks ${bump}`,
    `CREATE TRIGGER webhooks_audience_update AFTER UPDATE ON webhooks ${bump}`,
    `CREATE TRIGGER meta_audience_insert AFTER INSERT ON meta WHEN NEW.key IN (${metaKeys}) ${bump}`,
    `CREATE TRIGGER meta_audience_update AFTER UPDATE ON meta
       WHEN NEW.key IN (${metaKeys}) AND NEW.value IS NOT OLD.value ${bump}`,
    `CREATE TRIGGER meta_audience_delete AFTER DELETE ON meta WHEN OLD.key IN (${metaKeys}) ${bump}`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
