import { lockHistory, lockHistoryParams } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { LockToggleService } from './lock-toggle.service.ts';

/** The locks' history (spec 002 section 7; docs/locks.md "Lock history"). */
export const lockHistoryRoutes: FastifyPluginAsyncZod<{ toggle: LockToggleService }> = async (
  app,
  { toggle },
) => {
  app.get(
    '/api/lock-history/start/:s/end/:e/macId/:m/scopeId/:id',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags: ['locks'],
        summary:
          "A lock's history from s to e (epoch ms, at most 92 days), newest first, at most 500 entries",
        params: lockHistoryParams,
        response: { 200: lockHistory },
      },
    },
    async (request) => {
      const { s, e, m, id } = request.params;
      return toggle.history(principalOf(request), { start: s, end: e, lockMac: m, scopeId: id });
    },
  );
};
