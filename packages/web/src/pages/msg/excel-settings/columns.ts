import type { ExportColumnSetting } from '@cloudbox/domain';

/**
 * The column editor's draft: every column of the export in the order shown (the chosen ones
 * first, in their order, then the rest in the export's default order), and which are ticked.
 * The export holds the ticked ones in the order shown.
 */
export interface ColumnDraft {
  order: string[];
  checked: ReadonlySet<string>;
}

export function draftOf(setting: Pick<ExportColumnSetting, 'available' | 'columns'>): ColumnDraft {
  const rest = setting.available.map((column) => column.key).filter((key) => !setting.columns.includes(key));
  return { order: [...setting.columns, ...rest], checked: new Set(setting.columns) };
}

/** The columns the export will hold, in order. */
export function chosenOf(draft: ColumnDraft): string[] {
  return draft.order.filter((key) => draft.checked.has(key));
}

/**
 * Ticks or unticks a column. Written as a new set from a list: the console's minifier (rolldown
 * 1.2) drops `add`/`delete` calls on a set created just before, as if they had no effect.
 */
export function toggle(draft: ColumnDraft, key: string, on: boolean): ColumnDraft {
  const others = [...draft.checked].filter((other) => other !== key);
  return { ...draft, checked: new Set(on ? [...others, key] : others) };
}

/** Moves a column one place up (-1) or down (+1); at an end it stays. */
export function move(draft: ColumnDraft, key: string, step: -1 | 1): ColumnDraft {
  const from = draft.order.indexOf(key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= draft.order.length) return draft;
  const order = [...draft.order];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { ...draft, order };
}

/** Moves a column to the front. */
export function moveToFront(draft: ColumnDraft, key: string): ColumnDraft {
  return { ...draft, order: [key, ...draft.order.filter((other) => other !== key)] };
}

/** Whether the draft differs from what is saved (the chosen columns or their order). */
export function isChanged(draft: ColumnDraft, saved: readonly string[]): boolean {
  const chosen = chosenOf(draft);
  return chosen.length !== saved.length || chosen.some((key, index) => key !== saved[index]);
}
