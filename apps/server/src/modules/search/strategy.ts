import { sql, type Expression, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/connection.ts';
import { anyOf, escapeLike, like } from './like.ts';

/**
 * How the words of a search are matched against a normalised search document (normalize.ts
 * `searchDocument`: words between single spaces, a space at each end), one implementation per
 * database behind one interface, chosen once by dialect (`searchStrategy`):
 *
 * - every word must occur in the document; a word of three letters or more anywhere, a shorter one
 *   at the start or end of a word (` ab`, `ab `), a lone letter only when the query has nothing
 *   longer;
 * - SQLite: the FTS5 trigram index (`product_search`, `enquiry_search`: rowid = the row's id) answers
 *   the words of two letters or more as one MATCH query; a lone letter (under a trigram) is a LIKE;
 * - PostgreSQL: every word is a LIKE filter on the document, served by its pg_trgm GIN index.
 *
 * Callers build their own queries from the plan (the storefront's product lists, the back office's
 * product list, the enquiry inbox): `match` drives the index where there is one, `likes` filter rows.
 */

/** The full-text indexes of SQLite (FTS5, trigram), each over a table's `search_doc`. */
export type SearchIndex = 'product_search' | 'enquiry_search';

export interface SearchPlan {
  /** An FTS5 query for the trigram index; '' when the index has nothing to answer. */
  readonly match: string;
  /** LIKE patterns per word (escaped): a row matches when each group has a pattern that matches. */
  readonly likes: readonly (readonly string[])[];
}

export interface SearchStrategy {
  readonly dialect: DialectName;
  /** The plan of a search's words (normalize.ts `searchWords`). */
  plan(words: readonly string[]): SearchPlan;
  /** `index MATCH match`: the index's rows that hold the plan's words (only when `match` is not ''). */
  matches(index: SearchIndex, match: string): RawBuilder<boolean>;
  /** The plan's LIKE filters on `doc`, one per group: a row must meet them all. */
  likeFilters(doc: Expression<unknown>, plan: SearchPlan): RawBuilder<boolean>[];
}

const length = (word: string) => [...word].length;

/** A lone letter finds too much: it counts only when the query has nothing longer. */
function keptWords(words: readonly string[]): readonly string[] {
  return words.some((w) => length(w) >= 2) ? words.filter((w) => length(w) >= 2) : words;
}

/** A word as LIKE patterns: anywhere from three letters, else at a word's start or end. */
function likePatterns(word: string): string[] {
  const escaped = escapeLike(word);
  return length(word) >= 3 ? [`%${escaped}%`] : [`% ${escaped}%`, `%${escaped} %`];
}

/** An FTS5 phrase: the text searched for as it is (quotes doubled), never query syntax. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

abstract class BaseSearch implements SearchStrategy {
  abstract readonly dialect: DialectName;
  abstract plan(words: readonly string[]): SearchPlan;

  matches(index: SearchIndex, match: string): RawBuilder<boolean> {
    return sql<boolean>`${sql.raw(index)} MATCH ${match}`;
  }

  likeFilters(doc: Expression<unknown>, plan: SearchPlan): RawBuilder<boolean>[] {
    return plan.likes.map((patterns) =>
      patterns.length === 1 ? like(doc, patterns[0]!) : anyOf(patterns.map((p) => like(doc, p))),
    );
  }
}

/** SQLite: the trigram index for words of two letters or more (` ab`, `ab ` are trigrams of the padded document). */
class SqliteSearch extends BaseSearch {
  readonly dialect = 'sqlite';
  plan(words: readonly string[]): SearchPlan {
    const terms: string[] = [];
    const likes: string[][] = [];
    for (const word of keptWords(words)) {
      if (length(word) >= 3) terms.push(phrase(word));
      else if (length(word) === 2) terms.push(`(${phrase(` ${word}`)} OR ${phrase(`${word} `)})`);
      else likes.push(likePatterns(word));
    }
    return { match: terms.join(' AND '), likes };
  }
}

/** PostgreSQL: LIKE filters only, which the pg_trgm index serves (no full-text query). */
class PostgresSearch extends BaseSearch {
  readonly dialect = 'postgres';
  plan(words: readonly string[]): SearchPlan {
    return { match: '', likes: keptWords(words).map(likePatterns) };
  }
}

const strategies: Record<DialectName, SearchStrategy> = {
  sqlite: new SqliteSearch(),
  postgres: new PostgresSearch(),
};

/** The database's search (stateless: one per dialect for the process). */
export function searchStrategy(dialect: DialectName): SearchStrategy {
  return strategies[dialect];
}
