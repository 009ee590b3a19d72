import {
  deviceDown,
  gatewayCommandMessages,
  live,
  PUMP_GATEWAYS_MAX,
  type PumpCommandAccepted,
  type PumpCommandBody,
  type PumpDashboard,
  type PumpDeviceCommand,
  type PumpReading,
  type PumpReport,
  pumpMessages,
} from '@portal/contract';
import type { Gateway, Tenant } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { DevicePublisher, LivePublisher } from '../../lib/live.ts';
import type { DeviceIdentity, Principal } from '../../lib/principal.ts';
import type { PumpRepository } from './pump.repository.ts';

/** What the pump needs of the tenants and gateways modules (their reach checks answer 404 outside it). */
export interface PumpDeps {
  tenants: {
    scopeWithin(principal: Principal, scopeId: string): Promise<Tenant>;
    subtreeWithin(principal: Principal, scopeId: string): Promise<string[]>;
  };
  gateways: { reachableGateway(principal: Principal, mac: string): Promise<Gateway> };
  /** The gateways module keeps the report on the gateway's row: true when it was newer and kept. */
  reports: { savePumpReport(mac: string, reading: PumpReading): Promise<boolean> };
  devices: DevicePublisher;
  live: LivePublisher;
}

const readingOf = (report: PumpReport): PumpReading => ({
  TI: report.TI,
  PUMP: report.PUMP,
  END: report.END ?? null,
  SOIL: report.SOIL,
  HUM: report.HUM,
  RAW: report.RAW,
});

/**
 * The demo pump (docs/dashboards.md, "Pump dashboard"): the screen's gateways and their last report, the
 * command relayed to a gateway on its command topic, and the gateways' reports stored and relayed live.
 */
export class PumpService {
  constructor(
    private readonly repo: PumpRepository,
    private readonly deps: PumpDeps,
  ) {}

  /** The scope's dashboard variant and, for the pump one, the pump gateways of its subtree. */
  async dashboard(principal: Principal, scopeId: string): Promise<PumpDashboard> {
    const scope = await this.deps.tenants.scopeWithin(principal, scopeId);
    if (scope.dashboard_variant !== 'pump') return { scopeId, dashboardVariant: 'fleet', gateways: [] };
    const tenantIds = await this.deps.tenants.subtreeWithin(principal, scopeId);
    const rows = await this.repo.pumpGateways(tenantIds, PUMP_GATEWAYS_MAX);
    return {
      scopeId,
      dashboardVariant: 'pump',
      gateways: rows.map((row) => ({
        macId: row.mac,
        name: row.name,
        scopeId: row.tenant_id,
        online: row.connected,
        reading: row.pump as PumpReading,
      })),
    };
  }

  /** Switches a reachable, online gateway's pump on for `seconds`, or off, at QoS 2 as the other commands. */
  async command(principal: Principal, mac: string, body: PumpCommandBody): Promise<PumpCommandAccepted> {
    const gateway = await this.deps.gateways.reachableGateway(principal, mac);
    if (!gateway.connected) throw new AppError('CONFLICT', gatewayCommandMessages.offline);
    if (!gateway.pump) throw new AppError('CONFLICT', pumpMessages.notPump);
    const command: PumpDeviceCommand =
      body.PUMP === 1 ? { command: 'PUMP', PUMP: 1, seconds: body.seconds } : { command: 'PUMP', PUMP: 0 };
    await this.deps.devices.publishToDevices(deviceDown.command(gateway.tenant_id, gateway.mac), command, 2);
    return {
      macId: gateway.mac,
      PUMP: body.PUMP,
      message: body.PUMP === 1 ? pumpMessages.started(body.seconds) : pumpMessages.stopped,
    };
  }

  /** A gateway's pump report (device upstream): kept when newest, then told to the customer's browsers. */
  async record(device: DeviceIdentity, report: PumpReport): Promise<void> {
    const reading = readingOf(report);
    if (!(await this.deps.reports.savePumpReport(device.mac, reading))) return;
    this.deps.live.publish(live.pump(device.tenantId, device.mac), { macId: device.mac, ...reading });
  }
}
