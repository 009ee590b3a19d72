import {
  deviceDown,
  gatewayCommandMessages,
  live,
  type OnboardingLiveMessage,
  type OnboardingResults,
  type OnboardingStatus,
} from '@portal/contract';
import type { Gateway } from '../../db/schema.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { DeviceIdentity, Principal } from '../../lib/principal.ts';
import type { DevicePublisher, ReachableGateways, UserDirectory } from './gateway-access.ts';
import type { GatewayCommandsRepository } from './gateway-commands.repository.ts';

/**
 * Onboarding (spec 001 sections 4 and 7): scans on the spec's scope topics, the scope being the gateway's
 * customer; the device's progress relayed to the browsers on live.onboarding.
 */
export class OnboardingService {
  constructor(
    private readonly repo: GatewayCommandsRepository,
    private readonly deps: {
      gateways: ReachableGateways;
      users: UserDirectory;
      devices: DevicePublisher;
      live: LivePublisher;
    },
  ) {}

  /** Every MAC must be within reach (else 404 and nothing sent); offline ones are refused one by one. */
  async start(principal: Principal, macIds: string[], totalScanCycles: number): Promise<OnboardingResults> {
    const gateways = await this.reachable(principal, macIds);
    const madeBy = (await this.deps.users.sessionUser(principal)).email;
    const results: OnboardingResults['results'] = [];
    for (const gateway of gateways) {
      if (!gateway.connected) {
        results.push({ macId: gateway.mac, ok: false, message: gatewayCommandMessages.offline });
        continue;
      }
      await this.deps.devices.publishToDevices(
        deviceDown.onboardingCommand(gateway.tenant_id, gateway.mac),
        { command: 'SCAN', totalScanCycles },
        2,
      );
      await this.repo.logCommand({
        mac: gateway.mac,
        ti: Date.now(),
        action: 'ONBOARDING-START',
        detail: { totalScanCycles },
        madeBy,
      });
      results.push({ macId: gateway.mac, ok: true });
    }
    return { results };
  }

  /** The stop topic is per customer: one publish for each customer of the selected gateways. */
  async stop(principal: Principal, macIds: string[]): Promise<OnboardingResults> {
    const gateways = await this.reachable(principal, macIds);
    const madeBy = (await this.deps.users.sessionUser(principal)).email;
    for (const scopeId of new Set(gateways.map((g) => g.tenant_id))) {
      await this.deps.devices.publishToDevices(deviceDown.onboardingStop(scopeId), { command: 'STOP' }, 2);
    }
    for (const gateway of gateways) {
      await this.repo.logCommand({ mac: gateway.mac, ti: Date.now(), action: 'ONBOARDING-STOP', madeBy });
    }
    return { results: gateways.map((g) => ({ macId: g.mac, ok: true })) };
  }

  /** A gateway's progress, in the browser's shape (spec 001 section 3, onboarding status). */
  relayStatus(gateway: DeviceIdentity, status: OnboardingStatus): void {
    const locks = status.scannedLocks ?? [];
    const message: OnboardingLiveMessage = {
      macId: gateway.mac,
      status: status.status,
      pass: status.cycle ?? null,
      totalScanCycles: status.totalScanCycles ?? null,
      scannedLocks: locks.length,
      locksDetails: locks.map((lock) => ({
        lockName: lock.name ?? lock.MAC,
        macId: lock.MAC,
        rssiValue: lock.RSSI,
      })),
      TI: status.TI,
    };
    this.deps.live.publish(live.onboarding(gateway.tenantId, gateway.mac), message);
  }

  private async reachable(principal: Principal, macIds: string[]): Promise<Gateway[]> {
    const gateways: Gateway[] = [];
    for (const mac of new Set(macIds))
      gateways.push(await this.deps.gateways.reachableGateway(principal, mac));
    return gateways;
  }
}
