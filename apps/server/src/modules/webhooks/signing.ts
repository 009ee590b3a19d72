import { createHmac } from 'node:crypto';

/** What every delivery says it comes from. */
export const USER_AGENT = 'IoT-Portal-Webhooks/1';

/**
 * One signature of a delivery (docs/webhooks.md, the Standard Webhooks scheme with a hex digest):
 * 'v1=' + hex HMAC-SHA256 keyed with the secret (its UTF-8 text, prefix included) over `${timestamp}.${body}`.
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * The headers of one attempt: the event's id (the same on every attempt, for the receiver's de-duplication),
 * the attempt's time in unix seconds, and a signature per secret that signs now (two during a rotation's
 * overlap, the new one first), space-separated.
 */
export function deliveryHeaders(
  eventId: string,
  timestamp: number,
  body: string,
  secrets: readonly string[],
): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'Webhook-Id': eventId,
    'Webhook-Timestamp': String(timestamp),
    'Webhook-Signature': secrets.map((secret) => signature(secret, timestamp, body)).join(' '),
  };
}

/**
 * How an attempt's answer counts: delivered (2xx), to be tried again (408, 429, 5xx: the receiver may recover),
 * or failed for good (any other status: 3xx, since redirects are not followed, and 4xx, which a retry would
 * only repeat).
 */
export function outcomeOf(status: number): 'delivered' | 'retry' | 'permanent' {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'permanent';
}
