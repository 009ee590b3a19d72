import {
  gatewayEvents,
  gatewayEventsParams,
  gatewayStateSamples,
  sensorDataParams,
  sensorReadings,
  statesParams,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { GatewayEventsQuery } from './events-query.ts';
import type { SensorDataQuery } from './sensor-data.query.ts';

export const telemetryRoutes: FastifyPluginAsyncZod<{
  sensors: SensorDataQuery;
  events: GatewayEventsQuery;
}> = async (app, { sensors, events }) => {
  // Registered first: 'states' and 'events' would otherwise be read as a series kind by the last route.
  app.get(
    '/api/device/states/macId/:macId/fromTime/:fromTime/toTime/:toTime',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags: ['sensor data'],
        summary: 'Online/offline transitions of a gateway over a range (the grey areas of charts)',
        params: statesParams,
        response: { 200: gatewayStateSamples },
      },
    },
    async (request) => sensors.states(principalOf(request), request.params),
  );

  app.get(
    '/api/device/events/macId/:macId/fromTime/:fromTime/toTime/:toTime',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags: ['sensor data'],
        summary: "Events (SE) and alerts (SA) a gateway reported over a range (the graphs' side panels)",
        params: gatewayEventsParams,
        response: { 200: gatewayEvents },
      },
    },
    async (request) => events.inRange(principalOf(request), request.params),
  );

  app.get(
    '/api/device/:kind/macId/:macId/fromTime/:fromTime/toTime/:toTime',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags: ['sensor data'],
        summary:
          'A sensor series over a range of up to 3 months, at most 1000 points, minima and maxima kept',
        params: sensorDataParams,
        response: { 200: sensorReadings },
      },
      // The readings are built field by field in SensorDataQuery (no row passes through as it came), so the
      // schema documents the call and the reply is written without parsing up to 2,000 points again
      // (about 1 ms for 1,440 points on the 2-core VM, bench/README.md "chart").
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => sensors.readings(principalOf(request), request.params),
  );
};
