import {
  dashboardMap,
  dashboardMapQuery,
  dashboardQuery,
  dashboardSummary,
  freeTierDetails,
  reachablePage,
  reachablePageQuery,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { DashboardsService } from './dashboards.service.ts';

/**
 * The dashboards' calls (spec 002 section 7 'Dashboards and devices'; the summary and map paths are ours,
 * docs/dashboards.md). /iotdevices and /api/iot-service/reachable are the gateways module's.
 */
export const dashboardsRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardsService }> = async (
  app,
  { dashboards },
) => {
  const read = { access: 'IOT_DEVICE_READ' as const };
  const tags = ['dashboards'];

  app.get(
    '/api/dashboards/summary',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The Dashboard figures of a customer and its sub-customers: connectivity, enrollment, firmware, OS, gateways per customer, locks, CO2',
        querystring: dashboardQuery,
        response: { 200: dashboardSummary },
      },
    },
    async (request) => dashboards.summary(principalOf(request), request.query.scopeId),
  );

  app.get(
    '/api/dashboards/map',
    {
      config: read,
      schema: {
        tags,
        summary:
          'One view of the Locations map: the located gateways of the subtree clustered on the server for this zoom and bounds',
        querystring: dashboardMapQuery,
        response: { 200: dashboardMap },
      },
    },
    async (request) => dashboards.map(principalOf(request), request.query),
  );

  app.get(
    '/api/iot-service/reachable/all/page',
    {
      config: read,
      schema: {
        tags,
        summary:
          "The dashboard gateway rows of a customer and its sub-customers (all, or only online/offline), by name, one page (the spec's 'reachable, all, page' variant)",
        querystring: reachablePageQuery,
        response: { 200: reachablePage },
      },
    },
    async (request) => dashboards.reachablePage(principalOf(request), request.query),
  );

  app.get(
    '/freeTierDetails',
    {
      config: read,
      schema: {
        tags,
        summary: 'The free-tier general users scope and its device counts (404 outside the caller’s reach)',
        response: { 200: freeTierDetails },
      },
    },
    async (request) => dashboards.freeTier(principalOf(request)),
  );
};
