import {
  type CustomerQuotas,
  type CustomerQuotaUse,
  customerQuotas,
  QUOTA_KINDS,
  type QuotaKind,
} from '@portal/contract';
import { z } from 'zod';

/** The quotas as the dialog's fields hold them: digits, '' for unlimited. */
export type QuotaFormValues = Record<QuotaKind, string>;

export function quotaFormValues(quotas: CustomerQuotas): QuotaFormValues {
  return Object.fromEntries(
    QUOTA_KINDS.map((kind) => [kind, quotas[kind] === null ? '' : String(quotas[kind])]),
  ) as QuotaFormValues;
}

/** A field as the server takes it: '' is unlimited (null), anything else a number for the contract's rule. */
const fieldValue = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/**
 * The dialog's rule: the contract's (the server's) on the fields' values, so a quota outside 1 to its maximum,
 * or not a whole number, shows the same message the server would answer.
 */
export const quotaFormSchema = z
  .object(Object.fromEntries(QUOTA_KINDS.map((kind) => [kind, z.string()])) as Record<QuotaKind, z.ZodString>)
  .transform((values) => Object.fromEntries(QUOTA_KINDS.map((kind) => [kind, fieldValue(values[kind])])))
  .pipe(customerQuotas);

/** The figures a customer's row shows, in this order; stored days and the message rate have no count. */
export const QUOTA_ROWS: readonly { kind: QuotaKind; counted: boolean }[] = [
  { kind: 'gateways', counted: true },
  { kind: 'lockUsers', counted: true },
  { kind: 'apiCallsPerMinute', counted: true },
  { kind: 'messagesPerSecond', counted: false },
  { kind: 'storedDays', counted: false },
];

/**
 * One figure of a customer: 'used / quota' for what is counted, the quota alone otherwise; `unlimited` (the
 * caller's word) where there is none. A counted figure over its quota (a quota lowered below the use) is `over`.
 */
export function quotaFigure(
  use: CustomerQuotaUse,
  kind: QuotaKind,
  unlimited: string,
  format: (value: number) => string = String,
): { text: string; over: boolean } {
  const quota = use.quotas[kind];
  const limit = quota === null ? unlimited : format(quota);
  const counted = kind === 'gateways' || kind === 'lockUsers' || kind === 'apiCallsPerMinute';
  if (!counted) return { text: limit, over: false };
  const used = use.use[kind];
  return { text: `${format(used)} / ${limit}`, over: quota !== null && used >= quota };
}
