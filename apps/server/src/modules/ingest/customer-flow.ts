import { deviceDown, type FlowControlMessage } from '@portal/contract';
import type { Logger } from 'pino';
import type { DevicePublisher } from '../../lib/live.ts';
import type { CustomerRateLimit, CustomerRateLimits } from './device-rate.ts';

/** How long a slow-down holds at a gateway unless renewed; it is renewed after half of it while still over. */
export const CUSTOMER_SLOW_DOWN_SECONDS = 10;
/** A gateway counts as sending when this instance had a message of it this recently. */
const ACTIVE_MS = 10_000;
const MIN_RATE = 0.1;

/**
 * Flow control for the gateways of a customer above its messages-per-second quota (docs/quotas.md): each of its
 * gateways that sends while the customer's bucket is owed is told, on its own topic (deviceDown.flowControl), to
 * send at most its part of the quota, the quota divided by the customer's gateways sending now, for
 * CUSTOMER_SLOW_DOWN_SECONDS (the message of docs/mqtt.md 3.9). Behind an external broker, which acknowledges
 * gateways at once, this is what slows them at the source; with the embedded broker the late acknowledgements
 * already do, and the message keeps a gateway from filling its in-flight window. No other customer's gateway hears it.
 */
export class CustomerFlow {
  /** Per limited customer: its gateways and when this instance last had a message of each. */
  private readonly active = new Map<string, Map<string, number>>();
  /** Per gateway: when it was last told to slow down. */
  private readonly toldAt = new Map<string, number>();
  /** Slow-downs sent (tests, logs). */
  sent = 0;

  constructor(
    private readonly limits: CustomerRateLimits,
    private readonly devices: DevicePublisher,
    private readonly logger: Logger,
  ) {}

  /** A message of `mac` (of `tenantId`) was taken; `over` the quota that holds it back, if one does. */
  noteMessage(mac: string, tenantId: string, over: CustomerRateLimit | undefined, now = Date.now()): void {
    const limits = this.limits.messageRates(tenantId);
    for (const limit of limits) {
      const macs = this.active.get(limit.tenantId) ?? new Map<string, number>();
      macs.set(mac, now);
      this.active.set(limit.tenantId, macs);
    }
    if (!over) return;
    if (now - (this.toldAt.get(mac) ?? Number.NEGATIVE_INFINITY) < (CUSTOMER_SLOW_DOWN_SECONDS * 1000) / 2)
      return;
    this.toldAt.set(mac, now);
    const message: FlowControlMessage = {
      state: 'slow',
      maxMessagesPerSecond: this.partOf(over, now),
      validForSeconds: CUSTOMER_SLOW_DOWN_SECONDS,
      lagMs: 0,
    };
    this.sent++;
    this.devices
      .publishToDevices(deviceDown.flowControl(mac), message, 1)
      .catch((error: Error) => this.logger.warn({ err: error, mac }, 'quota slow-down not sent'));
  }

  /** The quota divided among the customer's gateways sending now (forgetting those quiet for ACTIVE_MS). */
  private partOf(limit: CustomerRateLimit, now: number): number {
    const macs = this.active.get(limit.tenantId);
    let sending = 0;
    for (const [mac, seenAt] of macs ?? []) {
      if (now - seenAt > ACTIVE_MS) macs!.delete(mac);
      else sending++;
    }
    return Math.max(MIN_RATE, Math.round((limit.perSecond / Math.max(1, sending)) * 100) / 100);
  }
}
