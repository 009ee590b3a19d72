import type { Logger } from 'pino';
import type { DevicePublisher } from '../../lib/live.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import { CustomerFlow } from './customer-flow.ts';
import { CustomerRate, type CustomerRateLimits, DeviceRate, type DeviceRateSettings } from './device-rate.ts';

/** The inbox's counters that pacing adds to (DeviceInbox.counters). */
export interface PacingCounters {
  rejected: number;
  slowedDown: number;
  slowedByQuota: number;
  /** Refusals by reason (the inbox's map of every reason; pacing adds `rate`). */
  refusedBy: { get(code: 'rate'): number | undefined; set(code: 'rate', count: number): unknown };
}

/**
 * The pace of device messages: each takes its turn in its gateway's sustained rate and in its customer's
 * messages-per-second quota (docs/quotas.md) and waits for the later of the two; the gateways of a customer over
 * its quota are told to slow down (CustomerFlow). A message that waiting cannot slow (QoS 0 from an external
 * broker, nothing acknowledged late) is refused instead.
 */
export class MessagePacing {
  private readonly rate: DeviceRate;
  private readonly customerRate: CustomerRate;
  /** Tells the gateways of a customer above its message-rate quota to slow down (docs/quotas.md). */
  private readonly customerFlow: CustomerFlow | undefined;
  private lastRateLog = 0;
  private lastRefusalLog = 0;

  constructor(
    rate: DeviceRateSettings,
    private readonly counters: PacingCounters,
    private readonly logger: Logger,
    customers?: { limits: CustomerRateLimits; devices: DevicePublisher },
  ) {
    this.rate = new DeviceRate(rate);
    const limits = customers?.limits ?? { messageRates: () => [] };
    this.customerRate = new CustomerRate(limits, rate.share);
    this.customerFlow = customers && new CustomerFlow(limits, customers.devices, logger);
  }

  /** Waits the message's turn; false when it is refused instead (unpaced and above the rate). */
  async take(device: DeviceIdentity, topic: string, unpaced: boolean): Promise<boolean> {
    const gatewayWait = this.rate.reserve(device.mac);
    const customer = this.customerRate.reserve(device.tenantId);
    this.customerFlow?.noteMessage(device.mac, device.tenantId, customer.limit);
    const wait = Math.max(gatewayWait, customer.wait);
    if (wait === 0) return true;
    if (unpaced) {
      this.refuseAboveRate(device, topic);
      return false;
    }
    await this.slowDown(device, wait, customer.wait > gatewayWait);
    return true;
  }

  /** Counted by reason `rate`, logged at most every 10 s. */
  private refuseAboveRate(device: DeviceIdentity, topic: string): void {
    this.counters.rejected++;
    this.counters.refusedBy.set('rate', (this.counters.refusedBy.get('rate') ?? 0) + 1);
    if (Date.now() - this.lastRefusalLog < 10_000) return;
    this.lastRefusalLog = Date.now();
    this.logger.warn(
      {
        mac: device.mac,
        tenantId: device.tenantId,
        topic,
        refusedSoFar: this.counters.refusedBy.get('rate'),
      },
      'QoS 0 device messages above the gateway rate refused (publish at QoS 1 to be slowed down instead)',
    );
  }

  /** A burst above the sustained rate waits its turn: counted, logged at most every 10 s. */
  private async slowDown(device: DeviceIdentity, wait: number, byQuota: boolean): Promise<void> {
    this.counters.slowedDown++;
    if (byQuota) this.counters.slowedByQuota++;
    if (Date.now() - this.lastRateLog > 10_000) {
      this.lastRateLog = Date.now();
      this.logger.warn(
        { mac: device.mac, tenantId: device.tenantId, waitMs: wait },
        byQuota
          ? "customer above its messages-per-second quota; its gateways' messages slowed down"
          : 'gateway above its sustained message rate; slowed down',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 5000)));
  }
}
