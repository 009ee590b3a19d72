import { z } from 'zod';

/**
 * Per-customer quotas (issue 33, docs/quotas.md), set by root on a customer: each one null is unlimited (the
 * default). A quota covers the customer and every sub-customer below it.
 */
export const QUOTA_KINDS = [
  'gateways',
  'lockUsers',
  'storedDays',
  'messagesPerSecond',
  'apiCallsPerMinute',
] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

/** The bounds of each quota, both inclusive: a whole number from 1 to the maximum. */
export const QUOTA_MAX: Record<QuotaKind, number> = {
  gateways: 1_000_000,
  lockUsers: 1_000_000,
  storedDays: 3650,
  messagesPerSecond: 100_000,
  apiCallsPerMinute: 1_000_000,
};

export const quotaMessages = {
  outOfRange: (max: number) => `A quota is a whole number from 1 to ${max}, or empty for unlimited.`,
  rootHasNone: 'The root customer has no quotas.',
  saved: 'Quotas saved',
  saveFailed: 'Failed to save the quotas',
  gatewaysReached: (quota: number) =>
    `This customer has reached its quota of ${quota} gateways: remove one or ask the platform operator for more.`,
  lockUsersReached: (quota: number) =>
    `This customer has reached its quota of ${quota} lock users: remove one or ask the platform operator for more.`,
  apiCallsReached: (quota: number, seconds: number) =>
    `This customer has made its ${quota} API calls of this minute: try again in ${seconds} s.`,
} as const;

const quota = (kind: QuotaKind) =>
  z
    .number()
    .int(quotaMessages.outOfRange(QUOTA_MAX[kind]))
    .min(1, quotaMessages.outOfRange(QUOTA_MAX[kind]))
    .max(QUOTA_MAX[kind], quotaMessages.outOfRange(QUOTA_MAX[kind]))
    .nullable();

/** A customer's quotas; null: unlimited. PUT /api/customers/:id/quotas takes all five. */
export const customerQuotas = z.object({
  gateways: quota('gateways'),
  lockUsers: quota('lockUsers'),
  storedDays: quota('storedDays'),
  messagesPerSecond: quota('messagesPerSecond'),
  apiCallsPerMinute: quota('apiCallsPerMinute'),
});
export type CustomerQuotas = z.infer<typeof customerQuotas>;

export const UNLIMITED_QUOTAS: CustomerQuotas = {
  gateways: null,
  lockUsers: null,
  storedDays: null,
  messagesPerSecond: null,
  apiCallsPerMinute: null,
};

/**
 * A customer's quotas and its use of them (its subtree's): gateways, live lock users, API calls in the current
 * minute (counted only while it has an API quota). Stored days and the message rate have no count to show.
 */
export const customerQuotaUse = z.object({
  tenantId: z.string(),
  quotas: customerQuotas,
  use: z.object({
    gateways: z.number().int(),
    lockUsers: z.number().int(),
    apiCallsPerMinute: z.number().int(),
  }),
});
export type CustomerQuotaUse = z.infer<typeof customerQuotaUse>;

/** GET /api/customers/quotas?ids=a,b: the quotas and use of these customers (root only; at most 100 ids). */
export const customerQuotasQuery = z.object({
  ids: z
    .string()
    .max(100 * 37)
    .transform((value) => value.split(',').filter((id) => id !== ''))
    .pipe(z.array(z.string().min(1).max(100)).max(100)),
});
export const customerQuotaUseList = z.array(customerQuotaUse);
