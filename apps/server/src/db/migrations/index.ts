import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { catalogueMigration } from './0001-catalogue.ts';

/** The static list of migrations, in order. Never edit a shipped one: add a new file. */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-catalogue': catalogueMigration(dialect),
  };
}
