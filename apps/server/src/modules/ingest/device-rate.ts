export interface DeviceRateSettings {
  perSecond: number;
  burst: number;
  /**
   * The part of a gateway's messages this instance receives (0-1]: several instances on one shared subscription
   * each see about their share of its traffic, so each allows that share of the rate and the gateway gets the
   * configured rate in all, not once per instance. 1 (the default) with one instance.
   */
  share?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

const shareOf = (share: (() => number) | undefined) => Math.min(1, Math.max(share?.() ?? 1, 0.01));

/**
 * Takes a token from `key`'s bucket (refilled at `perSecond`, holding at most `burst`): the milliseconds the
 * message must wait for it, 0 when there was one. `floor`: the most tokens a bucket may owe.
 */
function take(
  buckets: Map<string, Bucket>,
  key: string,
  perSecond: number,
  burst: number,
  now: number,
  floor = Number.NEGATIVE_INFINITY,
): number {
  const bucket = buckets.get(key) ?? { tokens: burst, at: now };
  bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
  bucket.at = now;
  bucket.tokens = Math.max(floor, bucket.tokens - 1);
  buckets.set(key, bucket);
  return bucket.tokens >= 0 ? 0 : Math.ceil((-bucket.tokens / perSecond) * 1000);
}

/**
 * Per-gateway token bucket. A gateway sending faster than its sustained rate is slowed down (the caller
 * waits before handling, so the acknowledgement is late and the device's in-flight window fills), never
 * dropped: nothing valid is lost.
 */
export class DeviceRate {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly settings: DeviceRateSettings) {}

  /** Milliseconds the message must wait for a token (0 when within the rate); takes the token. */
  reserve(mac: string, now = Date.now()): number {
    const share = shareOf(this.settings.share);
    const perSecond = this.settings.perSecond * share;
    return take(this.buckets, mac, perSecond, Math.max(1, this.settings.burst * share), now);
  }
}

/** A customer's messages-per-second quota: the whole cluster's, for all its gateways together. */
export interface CustomerRateLimit {
  tenantId: string;
  perSecond: number;
}

/** The message-rate quotas a gateway of a tenant counts against (modules/tenants, docs/quotas.md). */
export interface CustomerRateLimits {
  messageRates(tenantId: string): readonly CustomerRateLimit[];
}

/** How long a customer's messages may owe its bucket: the longest a message waits (DeviceInbox.slowDown). */
export const CUSTOMER_RATE_MAX_WAIT_S = 5;

/**
 * Per-customer token buckets next to the per-gateway ones (docs/quotas.md): every message of a gateway takes a
 * token from the bucket of its customer and of each customer above it that has a messages-per-second quota (a
 * second's worth of burst), and waits for the slowest. One customer over its rate is slowed; another customer's
 * buckets are its own. With several instances each allows its `share` of the rate, as the gateway's bucket.
 */
export class CustomerRate {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: CustomerRateLimits,
    private readonly share?: () => number,
  ) {}

  /**
   * Milliseconds the message must wait (0: within every quota, or none), and the quota that holds it longest;
   * takes the tokens.
   */
  reserve(tenantId: string, now = Date.now()): { wait: number; limit?: CustomerRateLimit } {
    let wait = 0;
    let holding: CustomerRateLimit | undefined;
    for (const limit of this.limits.messageRates(tenantId)) {
      const perSecond = limit.perSecond * shareOf(this.share);
      const floor = -perSecond * CUSTOMER_RATE_MAX_WAIT_S;
      const own = take(this.buckets, limit.tenantId, perSecond, Math.max(1, perSecond), now, floor);
      if (own > wait) [wait, holding] = [own, limit];
    }
    return holding ? { wait, limit: holding } : { wait };
  }
}
