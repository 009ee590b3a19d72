import {
  alertIncidentParams,
  alertIncidentsList,
  alertIncidentsQuery,
  alertNotificationsList,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { IncidentsQuery } from './incidents.query.ts';

/** The alert engine's incidents and their notifications (ALERTS_READ; a customer outside reach is 404). */
export const incidentsRoutes: FastifyPluginAsyncZod<{ incidents: IncidentsQuery }> = async (
  app,
  { incidents },
) => {
  const tags = ['alert incidents'];
  const read = { access: 'ALERTS_READ' as const };

  app.get(
    '/api/alert-incidents',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The alert incidents on the gateways of a customer and its sub-customers, whichever rule raised them, newest first (open: pending and firing only; at most 200)',
        querystring: alertIncidentsQuery,
        response: { 200: alertIncidentsList },
      },
    },
    async (request) => ({ incidents: await incidents.list(principalOf(request), request.query) }),
  );

  app.get(
    '/api/alert-incidents/:id/notifications',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The e-mails and SMS an incident sent, and how their delivery stands (pending, sent, failed)',
        params: alertIncidentParams,
        response: { 200: alertNotificationsList },
      },
    },
    async (request) => ({
      notifications: await incidents.notifications(principalOf(request), request.params.id),
    }),
  );
};
