import {
  type AgentConfigAck,
  type AgentConfigDeviceMessage,
  type AgentConfigValues,
  deviceDown,
  live,
} from '@portal/contract';
import type { Logger } from 'pino';
import type { EventEmitting } from '../../lib/events.ts';
import type { DevicePublisher, LivePublisher } from '../../lib/live.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { AgentConfigRepository } from './agent-config.repository.ts';

/** The configuration a customer's gateways run now, secrets in clear (only ever sent to the gateways). */
export type CurrentConfig = (
  scopeId: string,
) => Promise<{ cfv: number; values: AgentConfigValues; stored: boolean }>;

/**
 * Delivery (docs/mqtt.md 3.7): a new version goes to every connected gateway of the customer on its own
 * topic, a gateway that connects gets the current one, and each answer is kept per gateway and told to the
 * customer's browsers (the version number only).
 */
export class AgentConfigDelivery {
  constructor(
    private readonly repo: AgentConfigRepository,
    private readonly devices: DevicePublisher,
    private readonly live: LivePublisher,
    private readonly current: CurrentConfig,
    private readonly logger: Logger,
    /** Tells agent_config.applied / agent_config.rejected to the outbound webhooks (docs/webhooks.md). */
    private readonly events?: EventEmitting,
  ) {}

  /** Sends the current version to every connected gateway of the customer (the others on reconnect). */
  async toCustomer(scopeId: string): Promise<void> {
    const config = await this.current(scopeId);
    const macs = await this.repo.connectedGateways(scopeId);
    await Promise.all(macs.map((mac) => this.send(mac, scopeId, config.cfv, config.values)));
  }

  /**
   * A gateway connected: it gets the current version when its customer changed the defaults, or when the
   * portal ever sent it one (it may run another customer's, or an older one, which the defaults replace).
   */
  async gatewayOnline(device: DeviceIdentity): Promise<void> {
    const config = await this.current(device.tenantId);
    if (!config.stored && !(await this.repo.everSent(device.mac))) return;
    await this.send(device.mac, device.tenantId, config.cfv, config.values);
  }

  /** A gateway's answer: kept, and told to the browsers. A version the customer never had is refused. */
  async answer(device: DeviceIdentity, ack: AgentConfigAck): Promise<'recorded' | 'unknown version'> {
    const config = await this.current(device.tenantId);
    if (ack.cfv > config.cfv) return 'unknown version';
    const rejected = ack.status === 'REJECTED' ? (ack.reason ?? 'rejected') : null;
    await this.repo.noteAnswer(device.mac, device.tenantId, ack.cfv, rejected);
    this.live.publish(live.agentConfig(device.tenantId), {
      type: 'confirmed',
      SID: device.tenantId,
      macId: device.mac,
      cfv: ack.cfv,
      status: ack.status,
    });
    await this.events?.emit('notable', {
      tenantId: device.tenantId,
      type: rejected === null ? 'agent_config.applied' : 'agent_config.rejected',
      occurredAt: Date.now(),
      data: { gatewayMac: device.mac, version: ack.cfv, reason: rejected },
    });
    return 'recorded';
  }

  private async send(mac: string, scopeId: string, cfv: number, values: AgentConfigValues): Promise<void> {
    const message: AgentConfigDeviceMessage = { SID: scopeId, cfv, cfg: values };
    try {
      await this.repo.noteSent(mac, scopeId, cfv);
      await this.devices.publishToDevices(deviceDown.agentConfig(mac), message, 1);
    } catch (error) {
      this.logger.warn({ err: error, mac, cfv }, 'agent config: sending to the gateway failed');
    }
  }
}
