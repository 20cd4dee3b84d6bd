import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Translated } from '../../lib/translate.ts';
import type { CatalogueVersion } from './catalogue-version.ts';

export interface SupplierData {
  title: Translated;
  website: string;
  phone: string | null;
}

/** The small tables every product refers to, with their texts parsed. */
export interface Reference {
  version: string;
  collections: Map<number, Translated>;
  subcollections: Map<number, Translated>;
  industries: Map<number, SupplierData>;
  tags: Map<number, Translated>;
}

const parse = (json: string) => JSON.parse(json) as Translated;

/**
 * Keeps collections, subcollections, industries and tags in memory, reloaded when the catalogue's
 * version changes.
 */
export class ReferenceCache {
  private readonly db: Kysely<DB>;
  private readonly version: CatalogueVersion;
  private current: Reference | undefined;
  private loading: Promise<Reference> | undefined;
  constructor(db: Kysely<DB>, version: CatalogueVersion) {
    this.db = db;
    this.version = version;
  }

  async get(): Promise<Reference> {
    const version = await this.version.get();
    if (this.current?.version === version) return this.current;
    if (!this.loading) {
      this.loading = this.load(version).finally(() => {
        this.loading = undefined;
      });
    }
    const loaded = await this.loading;
    return loaded.version === version ? loaded : this.get();
  }

  private async load(version: string): Promise<Reference> {
    const [collections, subcollections, industries, tags] = await Promise.all([
      this.db.selectFrom('collections').select(['id', 'title']).execute(),
      this.db.selectFrom('subcollections').select(['id', 'title']).execute(),
      this.db.selectFrom('industries').select(['id', 'title', 'website', 'phone']).execute(),
      this.db.selectFrom('tags').select(['id', 'title']).execute(),
    ]);
    this.current = {
      version,
      collections: new Map(collections.map((r) => [r.id, parse(r.title)])),
      subcollections: new Map(subcollections.map((r) => [r.id, parse(r.title)])),
      industries: new Map(
        industries.map((r) => [r.id, { title: parse(r.title), website: r.website, phone: r.phone }]),
      ),
      tags: new Map(tags.map((r) => [r.id, parse(r.title)])),
    };
    return this.current;
  }
}
