import { appDetails, frontendAppDetails, health, mqttConfig } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlatformService } from './platform.service.ts';

export const platformRoutes: FastifyPluginAsyncZod<{ platform: PlatformService }> = async (
  app,
  { platform },
) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Database and broker health',
        response: { 200: health, 503: health },
      },
    },
    async (_request, reply) => {
      const report = await platform.health();
      return reply.status(report.status === 'ok' ? 200 : 503).send(report);
    },
  );

  for (const part of ['frontend', 'iot', 'auth'] as const) {
    app.get(
      `/api/${part}-app-details`,
      {
        config: { access: 'public' },
        schema: {
          tags: ['platform'],
          summary: `Name, version and build time (${part})`,
          response: { 200: part === 'frontend' ? frontendAppDetails : appDetails },
        },
      },
      async () => platform.appDetails(part),
    );
  }

  app.get(
    '/api/mqttconfig',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['platform'],
        summary: 'Where browsers connect for live updates',
        response: { 200: mqttConfig },
      },
    },
    async (request) => platform.mqttConfig(request.headers.host, request.protocol),
  );
};
