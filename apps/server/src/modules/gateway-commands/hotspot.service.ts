import {
  type DeviceStateMessage,
  type EventsMessage,
  gatewayCommandMessages,
  HOTSPOT_INITIATED_EVENT,
  type HotspotLiveMessage,
  hotspotTransition,
  live,
} from '@portal/contract';
import type { Logger } from 'pino';
import { AppError } from '../../lib/errors.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { DeviceIdentity, Principal } from '../../lib/principal.ts';
import { assertOnline, device, type ReachableGateways, type UserDirectory } from './gateway-access.ts';
import type { GatewayCommandsRepository } from './gateway-commands.repository.ts';

/** Sends the HOTSPOT instruction through the instructions module (which owns its 90 s deadline). */
export type SendHotspotInstruction = (
  gateway: DeviceIdentity,
  HS: 0 | 1,
  principal: Principal,
) => Promise<void>;

export interface HotspotDeps {
  gateways: ReachableGateways;
  users: UserDirectory;
  /** Records the portal event in the gateway's events (pushed like device events). */
  events: { recordEvents(device: DeviceIdentity, message: EventsMessage): Promise<void> };
  /** Stores and pushes a state change (HSIPRC) as if the gateway had reported it. */
  states: { recordState(device: DeviceIdentity, message: DeviceStateMessage): Promise<void> };
  sendInstruction: SendHotspotInstruction;
  live: LivePublisher;
  logger: Logger;
}

/**
 * Hotspot toggle (spec 001 section 4 "Hotspot"): only online and with no change in progress; a portal event,
 * HSIPRC 1, then the HOTSPOT instruction. The gateway's state with the new HS and HSIPRC 0 ends it
 * (HSIPRCModified); the instruction ending otherwise (an error answer, an abort, its 90 s deadline) fails it
 * (HSIPRFAILED, HSIPRC back to 0).
 */
export class HotspotService {
  constructor(
    private readonly repo: GatewayCommandsRepository,
    private readonly deps: HotspotDeps,
  ) {}

  async request(principal: Principal, mac: string, HS: 0 | 1) {
    const gateway = await this.deps.gateways.reachableGateway(principal, mac);
    assertOnline(gateway);
    if (gateway.state.HSIPRC === 1) throw new AppError('CONFLICT', gatewayCommandMessages.hotspotInProgress);
    const target = device(gateway);
    const now = Date.now();
    const started = await this.repo.startHotspotChange({ ...target, target: HS });
    if (!started) throw new AppError('CONFLICT', gatewayCommandMessages.hotspotInProgress);
    const { email } = await this.deps.users.sessionUser(principal);
    await this.deps.events.recordEvents(target, {
      TI: now,
      SE: [{ nme: HOTSPOT_INITIATED_EVENT, val: hotspotTransition(HS), val2: email }],
    });
    await this.deps.states.recordState(target, { TI: now, HSIPRC: 1 });
    try {
      await this.deps.sendInstruction(target, HS, principal);
    } catch (error) {
      await this.fail(target);
      throw error;
    }
    return { macId: gateway.mac, HS, HSIPRC: 1 as const };
  }

  /** The gateway's state: a change reaching its target HS with HSIPRC 0 succeeded. */
  async onState(gateway: DeviceIdentity, message: DeviceStateMessage): Promise<void> {
    if (message.HSIPRC !== 0 || message.HS === undefined) return;
    const ended = await this.repo.endHotspotChangeReaching(gateway.mac, message.HS);
    if (ended) this.push(gateway, 'HSIPRCModified', gatewayCommandMessages.hotspotUpdated(gateway.mac));
  }

  /** The HOTSPOT instruction ended: a success without the state seen first still ends the change well. */
  async onInstructionEnded(gateway: DeviceIdentity, succeeded: boolean): Promise<void> {
    if (!succeeded) return this.fail(gateway);
    if (await this.repo.endHotspotChange(gateway.mac))
      this.push(gateway, 'HSIPRCModified', gatewayCommandMessages.hotspotUpdated(gateway.mac));
  }

  private async fail(gateway: DeviceIdentity): Promise<void> {
    if (!(await this.repo.endHotspotChange(gateway.mac))) return;
    await this.deps.states.recordState(gateway, { TI: Date.now(), HSIPRC: 0 });
    this.push(gateway, 'HSIPRFAILED', gatewayCommandMessages.hotspotFailed(gateway.mac));
    this.deps.logger.info({ mac: gateway.mac }, 'hotspot change failed');
  }

  private push(gateway: DeviceIdentity, type: HotspotLiveMessage['type'], message: string): void {
    const payload: HotspotLiveMessage = { type, macId: gateway.mac, message };
    this.deps.live.publish(live.gateways(gateway.tenantId), payload);
  }
}
