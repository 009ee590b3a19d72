import {
  activityLogList,
  activityLogsQuery,
  forceProbeAccepted,
  forceProbeBody,
  gatewayCommandAccepted,
  gatewayCommandBody,
  gatewayMacParams,
  hotspotAccepted,
  hotspotBody,
  lastScan,
  onboardingResults,
  onboardingStartBody,
  onboardingStopBody,
  SCANNED_LOCKS_CSV_NAME,
  whitelistBody,
  whitelistSaved,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { ActivityFeedService } from './activity-feed.service.ts';
import type { GatewayCommandsService } from './gateway-commands.service.ts';
import type { HotspotService } from './hotspot.service.ts';
import type { OnboardingService } from './onboarding.service.ts';

export interface GatewayCommandsRouteDeps {
  commands: GatewayCommandsService;
  hotspot: HotspotService;
  onboarding: OnboardingService;
  activityFeed: ActivityFeedService;
}

/** Gateway commands, whitelist, force probe, hotspot, onboarding, activity feed, scanned locks. */
export const gatewayCommandsRoutes: FastifyPluginAsyncZod<GatewayCommandsRouteDeps> = async (app, deps) => {
  const { commands, hotspot, onboarding, activityFeed } = deps;
  const write = { access: 'IOT_DEVICE_WRITE' as const };
  const read = { access: 'IOT_DEVICE_READ' as const };
  const tags = ['gateway commands'];

  app.post(
    '/api/gateway/:mac/command',
    {
      config: write,
      schema: {
        tags,
        summary: 'Sends a command (SCAN, FORCE-IDLE, ...) on gateways/{tenant}/command/{mac}',
        params: gatewayMacParams,
        body: gatewayCommandBody,
        response: { 200: gatewayCommandAccepted },
      },
    },
    async (request) => commands.command(principalOf(request), request.params.mac, request.body),
  );

  app.put(
    '/api/gateway/:mac/whitelist',
    {
      config: write,
      schema: {
        tags,
        summary: "Stores and sends the gateway's whitelist of lock names ('*': every lock)",
        params: gatewayMacParams,
        body: whitelistBody,
        response: { 200: whitelistSaved },
      },
    },
    async (request) =>
      commands.whitelist(principalOf(request), request.params.mac, request.body.listOfWhiteListedLocks),
  );

  app.post(
    '/api/gateway/:mac/force-probe',
    {
      // TOP_LEVEL_SCOPE_READ is checked as well, by the service.
      config: write,
      schema: {
        tags,
        summary: 'Probes locks of the last scan now (needs TOP_LEVEL_SCOPE_READ too)',
        params: gatewayMacParams,
        body: forceProbeBody,
        response: { 200: forceProbeAccepted },
      },
    },
    async (request) => commands.forceProbe(principalOf(request), request.params.mac, request.body),
  );

  app.put(
    '/api/gateway/:mac/hotspot',
    {
      config: write,
      schema: {
        tags,
        summary: 'Switches the hotspot; the result comes live (HSIPRCModified / HSIPRFAILED)',
        params: gatewayMacParams,
        body: hotspotBody,
        response: { 200: hotspotAccepted },
      },
    },
    async (request) => hotspot.request(principalOf(request), request.params.mac, request.body.HS),
  );

  app.post(
    '/api/gateway/onboarding/start',
    {
      config: write,
      schema: {
        tags,
        summary: 'Starts onboarding scans on the selected gateways (offline ones are refused)',
        body: onboardingStartBody,
        response: { 200: onboardingResults },
      },
    },
    async (request) =>
      onboarding.start(principalOf(request), request.body.macIds, request.body.totalScanCycles),
  );

  app.post(
    '/api/gateway/onboarding/stop',
    {
      config: write,
      schema: {
        tags,
        summary: "Stops onboarding on the selected gateways' customers",
        body: onboardingStopBody,
        response: { 200: onboardingResults },
      },
    },
    async (request) => onboarding.stop(principalOf(request), request.body.macIds),
  );

  app.get(
    '/api/gateway-activity-logs/logs',
    {
      config: read,
      schema: {
        tags,
        summary: "A gateway's activity feed, newest first (vendor staff and root only)",
        querystring: activityLogsQuery,
        response: { 200: activityLogList },
      },
    },
    async (request) => activityFeed.logs(principalOf(request), request.query),
  );

  app.get(
    '/api/gateway/:mac/last-scan',
    {
      config: read,
      schema: {
        tags,
        summary: "The locks the gateway's last scan heard",
        params: gatewayMacParams,
        response: { 200: lastScan },
      },
    },
    async (request) => commands.lastScan(principalOf(request), request.params.mac),
  );

  app.get(
    '/api/gateway/:mac/scanned-locks',
    {
      config: read,
      schema: {
        tags,
        summary: "ScannedData.csv: the gateway's last scan",
        params: gatewayMacParams,
      },
    },
    async (request, reply) => {
      const csv = await commands.scannedLocksCsv(principalOf(request), request.params.mac);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${SCANNED_LOCKS_CSV_NAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
