import type { DeviceStateMessage, OnboardingStatus, ScanReport } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { DevicePublisher, LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { InstructionsService } from '../instructions/index.ts';
import { ActivityFeedRepository } from './activity-feed.repository.ts';
import { ActivityFeedService } from './activity-feed.service.ts';
import type { ReachableGateways, UserDirectory } from './gateway-access.ts';
import { GatewayCommandsRepository } from './gateway-commands.repository.ts';
import { gatewayCommandsRoutes } from './gateway-commands.routes.ts';
import { GatewayCommandsService } from './gateway-commands.service.ts';
import { type HotspotDeps, HotspotService } from './hotspot.service.ts';
import { OnboardingService } from './onboarding.service.ts';

/**
 * Gateway commands (scan settings, whitelist, force probe, onboarding, hotspot, activity feed): the services
 * behind their routes, what the device side hands in (`inbox`), and `recordScopeChange` for the gateways
 * module's moves, which show in a gateway's activity feed.
 */
export function createGatewayCommandsModule(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  logger: Logger;
  gateways: ReachableGateways;
  whitelists: GatewayCommandsService['deps']['whitelists'];
  users: UserDirectory;
  devices: DevicePublisher;
  events: HotspotDeps['events'];
  states: HotspotDeps['states'];
  instructions: Pick<InstructionsService, 'issue' | 'onEnded'>;
  staffDomains: readonly string[];
}) {
  const { db, live, logger, gateways, users, devices, instructions, whitelists } = options;
  const repo = new GatewayCommandsRepository(db);
  const commands = new GatewayCommandsService(repo, { gateways, users, devices, whitelists });
  const onboarding = new OnboardingService(repo, { gateways, users, devices, live });
  const hotspot = new HotspotService(repo, {
    gateways,
    users,
    events: options.events,
    states: options.states,
    live,
    logger,
    sendInstruction: async (gateway, HS, principal) => {
      await instructions.issue({ mac: gateway.mac, app_version: null }, 'HOTSPOT', HS, {
        createdBy: principal.userId,
      });
    },
  });
  instructions.onEnded((ended) =>
    ended.type === 'HOTSPOT'
      ? hotspot.onInstructionEnded({ mac: ended.mac, tenantId: ended.tenantId }, ended.status === 'SUCCESS')
      : undefined,
  );
  const activityFeed = new ActivityFeedService(new ActivityFeedRepository(db), {
    gateways,
    users,
    staffDomains: options.staffDomains,
  });
  return {
    recordScopeChange: (mac: string, change: { from: string; to: string; madeBy: string | null }) =>
      commands.recordScopeChange(mac, change),
    inbox: {
      recordScan: (device: DeviceIdentity, report: ScanReport) => commands.recordScan(device, report),
      onboardingStatus: async (device: DeviceIdentity, status: OnboardingStatus) =>
        onboarding.relayStatus(device, status),
      stateChanged: (device: DeviceIdentity, message: DeviceStateMessage) => hotspot.onState(device, message),
    },
    routes: (app) => app.register(gatewayCommandsRoutes, { commands, hotspot, onboarding, activityFeed }),
  } satisfies ModuleParts & Record<string, unknown>;
}
