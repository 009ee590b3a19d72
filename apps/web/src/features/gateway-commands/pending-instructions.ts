import type { PendingInstruction } from '@portal/contract';

/** The ids chosen in the list: one more, or one less. */
export function toggleSelected(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The header checkbox: every row of the page chosen, or (when all already are) none of them. */
export function toggleAllOnPage(selected: ReadonlySet<string>, pageIds: readonly string[]): Set<string> {
  const next = new Set(selected);
  const allChosen = pageIds.length > 0 && pageIds.every((id) => next.has(id));
  for (const id of pageIds) {
    if (allChosen) next.delete(id);
    else next.add(id);
  }
  return next;
}

/** A refreshed list drops instructions that ended meanwhile: only listed ones stay chosen. */
export function keepListed(
  selected: ReadonlySet<string>,
  rows: readonly PendingInstruction[],
): ReadonlySet<string> {
  const listed = new Set(rows.map((row) => row.instructionId));
  const kept = [...selected].filter((id) => listed.has(id));
  return kept.length === selected.size ? selected : new Set(kept);
}

/** The rows of one page (a page past the end shows the last one). */
export function rowsOfPage<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const last = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const start = Math.min(page, last) * pageSize;
  return rows.slice(start, start + pageSize);
}
