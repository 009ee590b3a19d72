import { timingSafeEqual } from 'node:crypto';
import { customerMessages, type DeviceStateMessage, type DeviceStatusMessage, live } from '@portal/contract';
import { digest, newSecret } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventEmitting } from '../../lib/events.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { GatewaysRepository, ProvisionDetails } from './gateways.repository.ts';
import { mergedLocation } from './registry-fields.ts';

export type { ProvisionDetails };

export class GatewaysService {
  constructor(
    private readonly repo: GatewaysRepository,
    private readonly live: LivePublisher,
    /** Tells `gateway.online` / `gateway.offline` to the outbound webhooks (docs/webhooks.md). */
    private readonly events?: EventEmitting,
  ) {}

  /**
   * Registers a gateway (or re-issues its credential) and returns the credential, shown once. `details` are
   * recorded when the gateway is new. A customer being deleted takes no gateway.
   */
  async provision(
    tenantId: string,
    mac: string,
    name: string,
    details: ProvisionDetails = {},
  ): Promise<{ mac: string; password: string }> {
    if ((await this.repo.tenantStatus(tenantId)) === 'DELETE_PENDING') {
      throw new AppError('CONFLICT', customerMessages.beingDeleted);
    }
    const password = newSecret();
    await this.repo.upsertWithCredential(
      { mac, name, tenant_id: tenantId, credential_hash: digest(password) },
      details,
    );
    return { mac, password };
  }

  /** The gateway a device credential belongs to, or null. */
  async authenticateDevice(mac: string, password: string): Promise<DeviceIdentity | null> {
    const gateway = await this.repo.findByMac(mac);
    if (!gateway?.credential_hash) return null;
    const expected = Buffer.from(gateway.credential_hash, 'hex');
    const given = Buffer.from(digest(password), 'hex');
    return timingSafeEqual(expected, given) ? { mac, tenantId: gateway.tenant_id } : null;
  }

  async identify(mac: string): Promise<DeviceIdentity | null> {
    const gateway = await this.repo.findByMac(mac);
    return gateway ? { mac, tenantId: gateway.tenant_id } : null;
  }

  listByTenant(tenantId: string) {
    return this.repo.listByTenant(tenantId);
  }

  /**
   * Online/offline: stored with the OFF flag that lets charts shade offline periods, then pushed. True when
   * this report is the gateway's newest (an older one arriving late changes nothing but the history).
   */
  async recordStatus(
    device: DeviceIdentity,
    message: DeviceStatusMessage,
    now = Date.now(),
  ): Promise<boolean> {
    const ti = message.TI ?? now;
    const online = message.CS === 1;
    const { applied, changed, name } = await this.repo.recordConnection(
      device.mac,
      online,
      new Date(ti),
      new Date(now),
    );
    await this.repo.insertConnectionLog(device.mac, ti, online ? 0 : 1);
    if (applied)
      this.live.publish(live.gateways(device.tenantId), {
        type: 'status',
        macId: device.mac,
        CS: message.CS,
        TI: ti,
      });
    if (changed)
      await this.events?.emit('notable', {
        tenantId: device.tenantId,
        type: online ? 'gateway.online' : 'gateway.offline',
        occurredAt: ti,
        data: { gatewayMac: device.mac, gatewayName: name },
      });
    return applied;
  }

  async recordState(device: DeviceIdentity, message: DeviceStateMessage): Promise<void> {
    const { TI, FW, OS, ...rest } = message;
    const merged = await this.repo.mergeState(
      device.mac,
      { ...rest, ...(FW ? { FW } : {}), ...(OS ? { OS } : {}), TI },
      { ...(FW ? { firmware: FW } : {}), ...(OS ? { os_version: OS } : {}), updated_at: new Date() },
    );
    // A reported location is shown under the address entered for the gateway, field by field, as the lists show it.
    const LCTN = message.LCTN && merged ? mergedLocation(merged) : undefined;
    this.live.publish(live.gateways(device.tenantId), {
      type: 'state',
      macId: device.mac,
      ...message,
      ...(LCTN ? { LCTN } : {}),
    });
  }
}
