import {
  alertReceiverCandidates,
  alertRouting,
  alertRoutingBody,
  alertRuleIdParams,
  alertSubscriptionBody,
  alertSubscriptionResult,
  lockAlertBody,
  lockAlertIdQuery,
  lockAlertSaved,
  lockAlertsList,
  lockAlertsQuery,
  rfidAlertUpdateBody,
  sensorAlertBody,
  sensorAlertIdParams,
  sensorAlertSaved,
  sensorAlertsList,
  sensorAlertsQuery,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { AlertRoutingService } from './alert-routing.service.ts';
import type { LockAlertsService } from './lock-alerts.service.ts';
import type { SensorAlertsService } from './sensor-alerts.service.ts';

/**
 * Alert calls. Lock alerts at the spec's paths (002 section 7); sensor alerts at ours ("paths not shown"), in
 * the same style. Reading needs ALERTS_READ, changing ALERTS_WRITE, or on the support tenant an e-mail of
 * SUPPORT_EMAILS: the services check both (the route lets any signed-in user through to that check).
 */
export const alertsRoutes: FastifyPluginAsyncZod<{
  lockAlerts: LockAlertsService;
  sensorAlerts: SensorAlertsService;
  routing: AlertRoutingService;
}> = async (app, { lockAlerts, sensorAlerts, routing }) => {
  const signedIn = { access: 'authenticated' as const };
  const lockTags = ['lock alerts'];
  const sensorTags = ['sensor alerts'];

  app.get(
    '/api/alerts/all',
    {
      config: signedIn,
      schema: {
        tags: lockTags,
        summary: 'Lock alerts of a customer [ALERTS_READ]',
        querystring: lockAlertsQuery,
        response: { 200: lockAlertsList },
      },
    },
    async (request) => lockAlerts.list(principalOf(request), request.query.scopeId),
  );
  app.post(
    '/api/alert/createAlert',
    {
      config: signedIn,
      schema: {
        tags: lockTags,
        summary: 'Create a lock alert; one Unlock and one RFID alert per customer [ALERTS_WRITE]',
        body: lockAlertBody,
        response: { 201: lockAlertSaved },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await lockAlerts.create(principalOf(request), request.body)),
  );
  app.put(
    '/api/alert/update',
    {
      config: signedIn,
      schema: {
        tags: lockTags,
        summary: 'Update a lock alert [ALERTS_WRITE]',
        querystring: lockAlertIdQuery,
        body: lockAlertBody,
        response: { 200: lockAlertSaved },
      },
    },
    async (request) => lockAlerts.update(principalOf(request), request.query.alertId, request.body),
  );
  app.delete(
    '/api/alert/delete',
    {
      config: signedIn,
      schema: {
        tags: lockTags,
        summary: 'Delete a lock alert [ALERTS_WRITE]',
        querystring: lockAlertIdQuery,
        response: { 200: lockAlertSaved },
      },
    },
    async (request) => lockAlerts.remove(principalOf(request), request.query.alertId),
  );
  app.put(
    '/api/rfid-alert/update',
    {
      config: signedIn,
      schema: {
        tags: lockTags,
        summary:
          "Update the customer's Multiple Shared Lockers Access alert (custom days 1-30) [ALERTS_WRITE]",
        body: rfidAlertUpdateBody,
        response: { 200: lockAlertSaved },
      },
    },
    async (request) => lockAlerts.updateRfid(principalOf(request), request.body),
  );
  app.delete(
    '/api/rfid-delete-alert/delete',
    {
      config: signedIn,
      schema: {
        tags: lockTags,
        summary: "Delete the customer's Multiple Shared Lockers Access alert [ALERTS_WRITE]",
        querystring: lockAlertsQuery,
        response: { 200: lockAlertSaved },
      },
    },
    async (request) => lockAlerts.removeRfid(principalOf(request), request.query.scopeId),
  );

  app.get(
    '/api/alert-receivers',
    {
      config: signedIn,
      schema: {
        tags: sensorTags,
        summary: "Users an alert form may select: the customer's own and the caller [ALERTS_READ]",
        querystring: sensorAlertsQuery,
        response: { 200: alertReceiverCandidates },
      },
    },
    async (request) => ({
      users: await sensorAlerts.candidates(principalOf(request), request.query.scopeId),
    }),
  );
  app.get(
    '/api/sensor-alerts/all',
    {
      config: signedIn,
      schema: {
        tags: sensorTags,
        summary:
          'Sensor and system alerts of a customer, and whether the caller may change them [ALERTS_READ]',
        querystring: sensorAlertsQuery,
        response: { 200: sensorAlertsList },
      },
    },
    async (request) => sensorAlerts.list(principalOf(request), request.query.scopeId),
  );
  app.post(
    '/api/sensor-alerts',
    {
      config: signedIn,
      schema: {
        tags: sensorTags,
        summary:
          "Create a sensor/system alert; the command goes to the customer's gateways (QoS 2) [ALERTS_WRITE]",
        body: sensorAlertBody,
        response: { 201: sensorAlertSaved },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sensorAlerts.create(principalOf(request), request.body)),
  );
  app.put(
    '/api/sensor-alerts/:id',
    {
      config: signedIn,
      schema: {
        tags: sensorTags,
        summary: 'Update a sensor/system alert; a changed threshold is published [ALERTS_WRITE]',
        params: sensorAlertIdParams,
        body: sensorAlertBody,
        response: { 200: sensorAlertSaved },
      },
    },
    async (request) => sensorAlerts.update(principalOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/sensor-alerts/:id',
    {
      config: signedIn,
      schema: {
        tags: sensorTags,
        summary: 'Delete a sensor/system alert; the delete command is published [ALERTS_WRITE]',
        params: sensorAlertIdParams,
        response: { 200: sensorAlertSaved },
      },
    },
    async (request) => sensorAlerts.remove(principalOf(request), request.params.id),
  );
  app.put(
    '/api/sensor-alerts/:id/subscription',
    {
      config: signedIn,
      schema: {
        tags: sensorTags,
        summary: 'Subscribe or unsubscribe the caller to the e-mail or SMS of an alert [ALERTS_READ]',
        params: sensorAlertIdParams,
        body: alertSubscriptionBody,
        response: { 200: alertSubscriptionResult },
      },
    },
    async (request) => sensorAlerts.subscription(principalOf(request), request.params.id, request.body),
  );
  app.get(
    '/api/alert-rules/:id/routing',
    {
      config: signedIn,
      schema: {
        tags: ['alert routing'],
        summary:
          "A lock or sensor/system alert's routing: reminder interval, escalation and hooks (webhook, Slack, Teams) [ALERTS_READ]",
        params: alertRuleIdParams,
        response: { 200: alertRouting },
      },
    },
    async (request) => routing.get(principalOf(request), request.params.id),
  );
  app.put(
    '/api/alert-rules/:id/routing',
    {
      config: signedIn,
      schema: {
        tags: ['alert routing'],
        summary:
          "Set a lock or sensor/system alert's routing; escalation receivers are users its receivers could be [ALERTS_WRITE]",
        params: alertRuleIdParams,
        body: alertRoutingBody,
        response: { 200: alertRouting },
      },
    },
    async (request) => routing.save(principalOf(request), request.params.id, request.body),
  );
};
