import {
  deviceRecords,
  gatewayList,
  gatewayPage,
  gatewayPageQuery,
  getGatewaysQuery,
  listGatewaysQuery,
  recentData,
  recentDataQuery,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { GatewaysQuery } from './gateways.query.ts';

/** The device registry calls of spec 001 section 7, paths as written. */
export const gatewaysRoutes: FastifyPluginAsyncZod<{ query: GatewaysQuery }> = async (app, { query }) => {
  const read = { access: 'IOT_DEVICE_READ' as const };

  app.get(
    '/api/gateway/get-gateways',
    {
      config: read,
      schema: {
        tags: ['gateways'],
        summary:
          'Gateways of a customer and its sub-customers, with their latest sample (the first `limit` by name)',
        querystring: listGatewaysQuery,
        response: { 200: gatewayList },
      },
    },
    async (request) => query.listForScope(principalOf(request), request.query.scopeId, request.query.limit),
  );

  app.get(
    '/api/gateway/get-gateways-page',
    {
      config: read,
      schema: {
        tags: ['gateways'],
        summary:
          'One window of the gateways page: the gateways of a customer and its sub-customers matching the search and filters, in the chosen order, with the counts',
        querystring: gatewayPageQuery,
        response: { 200: gatewayPage },
      },
    },
    async (request) => query.page(principalOf(request), request.query),
  );

  app.get(
    '/api/gateway/get-all-gateways',
    {
      config: read,
      schema: {
        tags: ['gateways'],
        summary: 'Every gateway the user reaches',
        response: { 200: gatewayList },
      },
    },
    async (request) => query.listForScope(principalOf(request)),
  );

  app.get(
    '/iotdevices',
    {
      config: read,
      schema: {
        tags: ['gateways'],
        summary: 'Devices of a customer and its sub-customers (short keys)',
        querystring: getGatewaysQuery,
        response: { 200: deviceRecords },
      },
    },
    async (request) => query.devices(principalOf(request), { scopeId: request.query.scopeId }),
  );

  app.get(
    '/api/iot-service/reachable',
    {
      config: read,
      schema: {
        tags: ['gateways'],
        summary: 'Devices of a customer and its sub-customers that are online now',
        querystring: getGatewaysQuery,
        response: { 200: deviceRecords },
      },
    },
    async (request) =>
      query.devices(principalOf(request), { scopeId: request.query.scopeId, onlineOnly: true }),
  );

  app.get(
    '/api/iot-service/get-all-gateway-devices',
    {
      config: read,
      schema: {
        tags: ['gateways'],
        summary: 'Every device the user reaches (short keys)',
        response: { 200: deviceRecords },
      },
    },
    async (request) => query.devices(principalOf(request)),
  );

  app.get(
    '/api/device/recent-data',
    {
      config: read,
      schema: {
        tags: ['sensor data'],
        summary:
          'The last 50 samples of each gateway of a customer, or of the listed ones (card mini-charts)',
        querystring: recentDataQuery,
        response: { 200: recentData },
      },
    },
    async (request) => query.recentData(principalOf(request), request.query.scopeId, request.query.macIds),
  );
};
