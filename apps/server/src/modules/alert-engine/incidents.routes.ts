import {
  alertIncidentAcknowledged,
  alertIncidentParams,
  alertIncidentsList,
  alertIncidentsQuery,
  alertNotificationsList,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { IncidentAcknowledgement } from './acknowledge.ts';
import type { IncidentsQuery } from './incidents.query.ts';

/**
 * The alert engine's incidents and their notifications (ALERTS_READ; a customer outside reach is 404), and
 * their acknowledgement (ALERTS_WRITE).
 */
export const incidentsRoutes: FastifyPluginAsyncZod<{
  incidents: IncidentsQuery;
  acknowledgement: IncidentAcknowledgement;
}> = async (app, { incidents, acknowledgement }) => {
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
          'The e-mails, SMS and hook posts an incident sent, and how their delivery stands (pending, sent, failed)',
        params: alertIncidentParams,
        response: { 200: alertNotificationsList },
      },
    },
    async (request) => ({
      notifications: await incidents.notifications(principalOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/alert-incidents/:id/acknowledge',
    {
      config: { access: 'ALERTS_WRITE' },
      schema: {
        tags,
        summary:
          'Acknowledge a firing incident: its reminders and escalation stop; once (409 when already acknowledged or not firing)',
        params: alertIncidentParams,
        response: { 200: alertIncidentAcknowledged },
      },
    },
    async (request) => acknowledgement.acknowledge(principalOf(request), request.params.id),
  );
};
