import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { containedInAny, containing, escapeLike, like } from '../src/modules/search/like.ts';
import { enquirySearchDocument, searchWords } from '../src/modules/search/normalize.ts';
import { searchStrategy } from '../src/modules/search/strategy.ts';
import { describeEachDatabase } from './support/databases.ts';

describe('escapeLike', () => {
  it('escapes the characters LIKE reads (%, _ and the escape itself), nothing else', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(escapeLike('زعفران "*-')).toBe('زعفران "*-');
    expect(containing('5%')).toBe('%5\\%%');
  });
});

describe('search plans', () => {
  const sqlite = searchStrategy('sqlite');
  const postgres = searchStrategy('postgres');

  it('one strategy per database, chosen by dialect', () => {
    expect(sqlite.dialect).toBe('sqlite');
    expect(postgres.dialect).toBe('postgres');
    expect(searchStrategy('sqlite')).toBe(sqlite);
  });

  it('SQLite: words of two letters or more are one FTS5 query of phrases (quotes doubled)', () => {
    expect(sqlite.plan(['saffron', 'ab', 'say"s'])).toEqual({
      match: '"saffron" AND (" ab" OR "ab ") AND "say""s"',
      likes: [],
    });
  });

  it('PostgreSQL: every word a LIKE filter, anywhere from three letters, else at a word edge', () => {
    expect(postgres.plan(['saffron', 'ab', '5%'])).toEqual({
      match: '',
      likes: [['%saffron%'], ['% ab%', '%ab %'], ['% 5\\%%', '%5\\% %']],
    });
  });

  it('a lone letter counts only when the query has nothing longer', () => {
    expect(sqlite.plan(['a', 'tile'])).toEqual({ match: '"tile"', likes: [] });
    expect(postgres.plan(['a', 'tile'])).toEqual({ match: '', likes: [['%tile%']] });
    expect(sqlite.plan(['a'])).toEqual({ match: '', likes: [['% a%', '%a %']] });
    expect(postgres.plan(['a'])).toEqual({ match: '', likes: [['% a%', '%a %']] });
  });

  it('letters are counted as characters, not UTF-16 units', () => {
    expect(sqlite.plan(['😀😀'])).toEqual({ match: '(" 😀😀" OR "😀😀 ")', likes: [] });
    expect(sqlite.plan(['😀'])).toEqual({ match: '', likes: [['% 😀%', '%😀 %']] });
  });
});

/** Enquiries whose search documents are made as the inbox makes them. */
const DESCRIPTIONS = [
  'زعفران سرگل مشهد', // 1
  'پسته كرماني اكبري', // 2: Arabic yeh and kaf
  'Tiles for a 50% discount', // 3
  'rose_water and saffron', // 4
  'back\\slash in text', // 5
  'a lone letter', // 6
];

describeEachDatabase('the search strategy on its database', (get) => {
  let database: Database;

  beforeAll(async () => {
    const { config } = get();
    database = openDatabase(config);
    await migrateToLatest(database);
    for (const description of DESCRIPTIONS) {
      const order = { phone: '09120000000', email: 'x@example.com', description };
      await database.db
        .insertInto('enquiries')
        .values({
          product_id: null,
          product_title: '',
          user_id: null,
          ...order,
          language: 'fa',
          created_at: new Date().toISOString(),
          search_doc: enquirySearchDocument(order),
        })
        .execute();
    }
  });
  afterAll(async () => {
    await database?.destroy();
  });

  /** The ids a query finds, as the inbox asks: the index for `match`, the LIKE filters on the rows. */
  async function find(query: string): Promise<number[]> {
    const search = searchStrategy(database.dialect);
    const plan = search.plan(searchWords(query));
    let q = database.db.selectFrom('enquiries').select('enquiries.id');
    if (plan.match !== '') {
      q = q.where('enquiries.id', 'in', (eb) =>
        eb
          .selectFrom('enquiry_search')
          .select('enquiry_search.rowid')
          .where(search.matches('enquiry_search', plan.match)),
      );
    }
    for (const filter of search.likeFilters(sql.ref('enquiries.search_doc'), plan)) q = q.where(filter);
    return (await q.orderBy('enquiries.id').execute()).map((r) => Number(r.id));
  }

  it('finds every word, Persian spellings and digits normalised', async () => {
    expect(await find('زعفران مشهد')).toEqual([1]);
    expect(await find('كرمانی')).toEqual([2]);
    expect(await find('۵۰')).toEqual([3]);
    expect(await find('saffron')).toEqual([4]);
    expect(await find('saffron tiles')).toEqual([]);
  });

  it('a short word matches at a word edge only', async () => {
    expect(await find('ro')).toEqual([4]);
    expect(await find('il')).toEqual([]);
  });

  it('a lone letter matches at a word edge too', async () => {
    expect(await find('a')).toEqual([3, 4, 6]);
  });

  it('LIKE and FTS5 syntax in a term search for themselves', async () => {
    expect(await find('50%')).toEqual([3]);
    expect(await find('%')).toEqual([3]);
    expect(await find('_')).toEqual([]); // inside "rose_water", at no word's edge
    expect(await find('e_w')).toEqual([4]);
    expect(await find('back\\slash')).toEqual([5]);
    expect(await find('"saffron" OR tiles*')).toEqual([]);
  });

  it('the LIKE helpers escape their text on both databases', async () => {
    const ids = async (condition: ReturnType<typeof like>) =>
      (await database.db.selectFrom('enquiries').select('id').where(condition).orderBy('id').execute()).map(
        (r) => Number(r.id),
      );
    expect(await ids(like(sql`description`, containing('50%')))).toEqual([3]);
    expect(await ids(like(sql`description`, containing('e_w')))).toEqual([4]);
    expect(await ids(containedInAny([sql`description`, sql`email`], 'example.com'))).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect(await ids(containedInAny([sql`description`, sql`email`], '_'))).toEqual([4]);
  });
});
