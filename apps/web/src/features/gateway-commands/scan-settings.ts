import { gatewayCommandMessages, rssiThreshold, scanFrequencyMinutes } from '@portal/contract';
import type { z } from 'zod';

const MINUTE_MS = 60_000;

/** The live state reports the scan frequency (pollInterval) in ms; the field shows and sends minutes. */
export function pollIntervalMinutes(pollIntervalMs: number | undefined): number | undefined {
  return pollIntervalMs === undefined ? undefined : Math.round(pollIntervalMs / MINUTE_MS);
}

/** A field's text checked by a contract rule: its number, or the rule's message (an empty field is invalid). */
function check(rule: z.ZodType<number>, text: string): { value: number } | { error: string } {
  const trimmed = text.trim();
  const parsed = rule.safeParse(trimmed === '' ? Number.NaN : Number(trimmed));
  if (parsed.success) return { value: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? gatewayCommandMessages.invalidScanFrequency };
}

/** Scan frequency, 1 to 10800 minutes: 'Invalid Scan Frequency' below, 'Value must be below 10800' above. */
export const checkScanFrequency = (text: string) => check(scanFrequencyMinutes, text);

/** RSSI, -1000 to 0: 'Invalid Scan Frequency' below (the spec reuses it), 'Value must be negative' above. */
export const checkRssi = (text: string) => check(rssiThreshold, text);

/** The apply icon is active only when the value is valid and differs from the gateway's current one. */
export function canApply(
  checked: { value: number } | { error: string },
  current: number | undefined,
): boolean {
  return 'value' in checked && checked.value !== current;
}

/** Scan threshold choices (spec 001 sections 5 and 9): 10 to 100 in steps of 10, default 10. */
export const SCAN_THRESHOLDS = Array.from({ length: 10 }, (_, i) => (i + 1) * 10);
export const DEFAULT_SCAN_THRESHOLD = 10;
