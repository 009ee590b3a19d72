import { DELETE_SELECTION_PRESETS } from '@portal/contract';

/** Delete mode's 'Select Gateways' choices: 10, 50, 100, a custom number or All (spec 001 sections 2 and 9). */
export type DeleteSelectionChoice = (typeof DELETE_SELECTION_PRESETS)[number] | 'custom' | 'all';

export const DELETE_SELECTION_CHOICES: readonly DeleteSelectionChoice[] = [
  ...DELETE_SELECTION_PRESETS,
  'custom',
  'all',
];

/**
 * How many of the listed offline gateways a choice selects: a preset or custom number is capped at what is
 * listed; a custom number must be a whole number from 1 (null otherwise: Apply stays disabled).
 */
export function selectionCount(
  choice: DeleteSelectionChoice,
  customText: string,
  listed: number,
): number | null {
  if (choice === 'all') return listed;
  if (choice !== 'custom') return Math.min(choice, listed);
  const text = customText.trim();
  if (!/^\d+$/.test(text)) return null;
  const count = Number(text);
  return count >= 1 ? Math.min(count, listed) : null;
}
