import {
  commandNotice,
  deviceDown,
  type ForceProbeBody,
  type GatewayCommandAccepted,
  type GatewayCommandBody,
  gatewayCommandMessages,
  IDLE_STATE,
  type LastScan,
  normalizeMac,
  type ScanReport,
  WHITELIST_ALL,
  type WhitelistSaved,
  whitelistCount,
} from '@portal/contract';
import { AppError } from '../../lib/errors.ts';
import type { DeviceIdentity, Principal } from '../../lib/principal.ts';
import {
  assertOnline,
  assertPermission,
  type DevicePublisher,
  engineState,
  type ReachableGateways,
  type UserDirectory,
} from './gateway-access.ts';
import type { GatewayCommandsRepository } from './gateway-commands.repository.ts';
import { scannedLocksCsv } from './scanned-locks-csv.ts';

/** Settings the portal lets users change only while the gateway's lock engine is idle. */
const IDLE_ONLY = new Set(['POLLING-INTERVAL', 'RSSI-VALUE']);

/**
 * Commands, whitelist and force probe (docs/gateway-operations.md "Commands"): tenant wall, online and state
 * checks, then the publish on the spec's topic at QoS 2, then the activity-log line with who sent it.
 */
export class GatewayCommandsService {
  constructor(
    private readonly repo: GatewayCommandsRepository,
    private readonly deps: {
      gateways: ReachableGateways;
      users: UserDirectory;
      devices: DevicePublisher;
      /** The gateways module keeps the whitelist on the gateway's row. */
      whitelists: { saveWhitelist(mac: string, names: string[], all: boolean): Promise<void> };
    },
  ) {}

  async command(
    principal: Principal,
    mac: string,
    body: GatewayCommandBody,
  ): Promise<GatewayCommandAccepted> {
    const gateway = await this.deps.gateways.reachableGateway(principal, mac);
    assertOnline(gateway);
    if (IDLE_ONLY.has(body.command) && engineState(gateway) !== IDLE_STATE) {
      throw new AppError('CONFLICT', gatewayCommandMessages.notIdle);
    }
    const madeBy = await this.email(principal);
    await this.deps.devices.publishToDevices(deviceDown.command(gateway.tenant_id, gateway.mac), body, 2);
    const { command, ...detail } = body;
    await this.repo.logCommand({ mac: gateway.mac, ti: Date.now(), action: command, detail, madeBy });
    return { macId: gateway.mac, command, message: commandNotice[command] };
  }

  /** Stores the whitelist on the gateway, then sends it; '*' goes as count -1. */
  async whitelist(principal: Principal, mac: string, list: string[]): Promise<WhitelistSaved> {
    const gateway = await this.deps.gateways.reachableGateway(principal, mac);
    assertOnline(gateway);
    const madeBy = await this.email(principal);
    const all = list.length === 1 && list[0] === WHITELIST_ALL;
    await this.deps.whitelists.saveWhitelist(gateway.mac, all ? [] : list, all);
    const message = { noOfWhiteListedDevices: whitelistCount(list), listOfWhiteListedLocks: list };
    await this.deps.devices.publishToDevices(deviceDown.whitelist(gateway.mac), message, 2);
    await this.repo.logCommand({
      mac: gateway.mac,
      ti: Date.now(),
      action: 'WHITELIST',
      detail: { count: all ? WHITELIST_ALL : list.length },
      madeBy,
    });
    return { macId: gateway.mac, ...message };
  }

  /** Probes locks the gateway heard in its last scan, named by lock name or MAC; sent as lock MACs. */
  async forceProbe(principal: Principal, mac: string, body: ForceProbeBody) {
    assertPermission(principal, 'TOP_LEVEL_SCOPE_READ');
    const gateway = await this.deps.gateways.reachableGateway(principal, mac);
    assertOnline(gateway);
    const heard = (await this.repo.lastScan(gateway.mac))?.locks ?? [];
    const macs = body.locks.map((wanted) => {
      const asMac = normalizeMac(wanted);
      const lock = heard.find((l) => l.name === wanted || (asMac !== null && l.MAC === asMac));
      if (!lock) throw new AppError('VALIDATION_ERROR', gatewayCommandMessages.invalidForceProbeLocks);
      return lock.MAC;
    });
    const locks = [...new Set(macs)];
    const madeBy = await this.email(principal);
    await this.deps.devices.publishToDevices(deviceDown.forceProbe(gateway.mac), locks, 2);
    await this.repo.logCommand({
      mac: gateway.mac,
      ti: Date.now(),
      action: 'FORCE-PROBE',
      detail: { count: locks.length },
      madeBy,
    });
    return { macId: gateway.mac, locks, message: gatewayCommandMessages.forceProbePublished };
  }

  async lastScan(principal: Principal, mac: string): Promise<LastScan> {
    const gateway = await this.deps.gateways.reachableGateway(principal, mac);
    const scan = await this.repo.lastScan(gateway.mac);
    return {
      TI: scan?.ti ?? null,
      locks: (scan?.locks ?? []).map((l) => ({ lockName: l.name ?? l.MAC, macId: l.MAC, rssiValue: l.RSSI })),
    };
  }

  async scannedLocksCsv(principal: Principal, mac: string): Promise<string> {
    const gateway = await this.deps.gateways.reachableGateway(principal, mac);
    return scannedLocksCsv(await this.repo.lastScan(gateway.mac));
  }

  /** A gateway's report of the locks a finished scan heard (device upstream). */
  async recordScan(device: DeviceIdentity, report: ScanReport): Promise<void> {
    await this.repo.saveScan(device.mac, report.TI, report.locks);
  }

  /** A gateway moved between customers (called by the registry), for the activity feed. */
  async recordScopeChange(mac: string, change: { from: string; to: string; madeBy: string | null }) {
    await this.repo.logCommand({
      mac,
      ti: Date.now(),
      action: 'SCOPE-CHANGE',
      detail: { from: change.from, to: change.to },
      madeBy: change.madeBy,
    });
  }

  private async email(principal: Principal): Promise<string> {
    return (await this.deps.users.sessionUser(principal)).email;
  }
}
