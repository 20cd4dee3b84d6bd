/**
 * `items` with the one at `from` moved to `to` (a new array), or undefined when `to` is outside the
 * list: the reordering of every ordered list in the back office (images, the team).
 */
export function moved<T>(items: readonly T[], from: number, to: number): T[] | undefined {
  if (to < 0 || to >= items.length || from < 0 || from >= items.length) return undefined;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
