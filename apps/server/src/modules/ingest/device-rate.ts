/**
 * Per-gateway token bucket. A gateway sending faster than its sustained rate is slowed down (the caller
 * waits before handling, so the acknowledgement is late and the device's in-flight window fills), never
 * dropped: nothing valid is lost.
 */
export class DeviceRate {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly settings: { perSecond: number; burst: number }) {}

  /** Milliseconds the message must wait for a token (0 when within the rate); takes the token. */
  reserve(mac: string, now = Date.now()): number {
    const { perSecond, burst } = this.settings;
    const bucket = this.buckets.get(mac) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    bucket.tokens -= 1;
    this.buckets.set(mac, bucket);
    return bucket.tokens >= 0 ? 0 : Math.ceil((-bucket.tokens / perSecond) * 1000);
  }
}
