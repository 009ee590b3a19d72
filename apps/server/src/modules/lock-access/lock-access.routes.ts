import {
  grantLockAccessBody,
  lockAccessLedger,
  lockAccessLockParams,
  lockAccessRevoked,
  lockAccessRevokeParams,
  lockAccessUserParams,
  lockCommandQueue,
  lockCommandQueueParams,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { LockAccessService } from './lock-access.service.ts';

/** The delivery ledger's calls (docs/locks.md, "Delivery ledger"); Locks Users permissions (spec 002 section 6). */
export const lockAccessRoutes: FastifyPluginAsyncZod<{ lockAccess: LockAccessService }> = async (
  app,
  { lockAccess },
) => {
  const tags = ['lock users'];
  const read = { access: 'IOT_USER_READ' as const };
  const write = { access: 'IOT_USER_WRITE' as const };

  app.post(
    '/api/lock-user-access',
    {
      config: write,
      schema: {
        tags,
        summary: "Give a lock user access to locks (passcode, the user's card, or both); sent to each lock",
        body: grantLockAccessBody,
        response: { 200: lockAccessLedger },
      },
    },
    async (request) => lockAccess.grant(principalOf(request), request.body),
  );

  app.delete(
    '/api/lock-user-access/userId/:userId/lockId/:lockId',
    {
      config: write,
      schema: {
        tags,
        summary: "Take a lock user's access to a lock away (revoked on the lock, or dropped if never there)",
        params: lockAccessRevokeParams,
        response: { 200: lockAccessRevoked },
      },
    },
    async (request) => lockAccess.revoke(principalOf(request), request.params.userId, request.params.lockId),
  );

  app.get(
    '/api/lock-user-access/userId/:userId',
    {
      config: read,
      schema: {
        tags,
        summary: "A lock user's credentials on every lock, where each is, and the gateways' queues",
        params: lockAccessUserParams,
        response: { 200: lockAccessLedger },
      },
    },
    async (request) => lockAccess.userLedger(principalOf(request), request.params.userId),
  );

  app.get(
    '/api/lock-user-access/lockId/:lockId',
    {
      config: read,
      schema: {
        tags,
        summary: "A lock's users' credentials, where each is, and its gateway's queue",
        params: lockAccessLockParams,
        response: { 200: lockAccessLedger },
      },
    },
    async (request) => lockAccess.lockLedger(principalOf(request), request.params.lockId),
  );

  app.get(
    '/api/lock-command-queue/macId/:macId',
    {
      config: { access: 'IOT_DEVICE_READ' as const },
      schema: {
        tags: ['locks'],
        summary: "A gateway's queue of lock commands: how many wait, and the one it has now",
        params: lockCommandQueueParams,
        response: { 200: lockCommandQueue },
      },
    },
    async (request) => lockAccess.queue(principalOf(request), request.params.macId),
  );
};
