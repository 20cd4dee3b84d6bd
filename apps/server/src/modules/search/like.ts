import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * LIKE patterns built from search terms, the same on SQLite and PostgreSQL: a term is data, so its
 * `%`, `_` and `\` are escaped and every pattern is matched with `ESCAPE '\'` (both databases then
 * read the escapes alike; PostgreSQL's default escape is `\`, SQLite has none without the clause).
 */

/** `text` with the characters LIKE gives a meaning to (`%`, `_`, and the escape `\`) escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The pattern of `text` anywhere in a value. */
export function containing(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `value LIKE pattern ESCAPE '\'`, the pattern built by escapeLike/containing. */
export function like(value: Expression<unknown>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${value} LIKE ${pattern} ESCAPE '\\'`;
}

/** One of the conditions holds, as one parenthesised condition. */
export function anyOf(conditions: readonly Expression<unknown>[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(conditions, sql` OR `)})`;
}

/** `text` occurs in one of the values: `(a LIKE %text% OR b LIKE %text% …)`. */
export function containedInAny(values: readonly Expression<unknown>[], text: string): RawBuilder<boolean> {
  const pattern = containing(text);
  return anyOf(values.map((value) => like(value, pattern)));
}

/** Every word occurs in `doc` (a normalised search text): one condition per word. */
export function containsEvery(doc: Expression<unknown>, words: readonly string[]): RawBuilder<boolean>[] {
  return words.map((word) => like(doc, containing(word)));
}
