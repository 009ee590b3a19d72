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

/**
 * Per-gateway token bucket. A gateway sending faster than its sustained rate is slowed down (the caller
 * waits before handling, so the acknowledgement is late and the device's in-flight window fills), never
 * dropped: nothing valid is lost.
 */
export class DeviceRate {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly settings: DeviceRateSettings) {}

  /** Milliseconds the message must wait for a token (0 when within the rate); takes the token. */
  reserve(mac: string, now = Date.now()): number {
    const share = Math.min(1, Math.max(this.settings.share?.() ?? 1, 0.01));
    const perSecond = this.settings.perSecond * share;
    const burst = Math.max(1, this.settings.burst * share);
    const bucket = this.buckets.get(mac) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    bucket.tokens -= 1;
    this.buckets.set(mac, bucket);
    return bucket.tokens >= 0 ? 0 : Math.ceil((-bucket.tokens / perSecond) * 1000);
  }
}
