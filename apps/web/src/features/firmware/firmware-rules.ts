import {
  FIRMWARE_INVALID_NAME,
  FIRMWARE_RULES,
  type FileStore,
  type FirmwareKind,
  versionFromFileName,
  versionOrder,
} from '@portal/contract';

/** Spec 001 section 4: APPLY needs exactly one version and at least one customer; DELETE any version. */
export const canApply = (versions: number, customers: number) => versions === 1 && customers >= 1;
export const canDelete = (versions: number) => versions >= 1;

/**
 * A chosen file, read before upload (spec 001 section 5): its version from the name, not one that exists,
 * and above each selected customer's latest. `problem` is the text to show for 2 s; the file counts as
 * uploadable only without one.
 */
export function checkChosenFile(
  kind: FirmwareKind,
  fileName: string,
  existing: FileStore[],
  latestOfSelected: (FileStore | undefined)[],
): { version: string; problem: null } | { version: null; problem: string } {
  const version = versionFromFileName(kind, fileName);
  if (!version) return { version: null, problem: FIRMWARE_INVALID_NAME };
  if (existing.some((f) => f.version === version))
    return { version: null, problem: FIRMWARE_RULES[kind].messages.exists };
  const order = versionOrder(version);
  if (latestOfSelected.some((latest) => latest && versionOrder(latest.version) >= order))
    return { version: null, problem: FIRMWARE_RULES[kind].messages.downgrade };
  return { version, problem: null };
}

/** Spec 001 section 8: the summary of an apply to several customers. */
export function applySummary(
  kind: FirmwareKind,
  results: { customer: string; ok: boolean }[],
): { variant: 'success' | 'error' | 'warning'; text: string } {
  const messages = FIRMWARE_RULES[kind].messages;
  const ok = results.filter((r) => r.ok);
  const failed = results.length - ok.length;
  if (results.length === 1) {
    const only = results[0] as { customer: string; ok: boolean };
    return only.ok
      ? { variant: 'success', text: messages.appliedOne(only.customer) }
      : { variant: 'error', text: messages.applyFailedOne(only.customer) };
  }
  if (failed === 0) return { variant: 'success', text: messages.appliedFor(ok.length) };
  if (ok.length === 0) return { variant: 'error', text: messages.appliedAndFailed(0, failed) };
  return { variant: 'warning', text: messages.appliedAndFailed(ok.length, failed) };
}

/** Spec 001 section 9: the first request after 1 s, then one every 500 ms. */
export const applyDelayMs = (index: number, firstMs = 1000, staggerMs = 500) => firstMs + index * staggerMs;

/** The customers whose name matches the search (case and spaces ignored). */
export function filterCustomers<T extends { name: string }>(customers: T[], search: string): T[] {
  const needle = search.replace(/\s+/g, '').toLowerCase();
  if (!needle) return customers;
  return customers.filter((c) => c.name.replace(/\s+/g, '').toLowerCase().includes(needle));
}
