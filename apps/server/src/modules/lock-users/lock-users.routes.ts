import {
  createLockUserBody,
  LOCK_USERS_CSV_FILE_NAME,
  lockDeviceUsers,
  lockDeviceUsersQuery,
  lockUserDeleted,
  lockUserIdParams,
  lockUserSaved,
  lockUsersCsvQuery,
  lockUsersPage,
  lockUsersQuery,
  updateLockUserBody,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { LockUsersService } from './lock-users.service.ts';

/** The lock-user calls of spec 002 section 7, paths as written; Locks Users permissions (section 6). */
export const lockUsersRoutes: FastifyPluginAsyncZod<{ lockUsers: LockUsersService }> = async (
  app,
  { lockUsers },
) => {
  const tags = ['lock users'];
  const read = { access: 'IOT_USER_READ' as const };
  const write = { access: 'IOT_USER_WRITE' as const };

  app.get(
    '/api/iotusers/all',
    {
      config: read,
      schema: {
        tags,
        summary: 'Lock users of a customer and its sub-customers, paged and searched',
        querystring: lockUsersQuery,
        response: { 200: lockUsersPage },
      },
    },
    async (request) => lockUsers.list(principalOf(request), request.query),
  );

  app.get(
    '/api/lock-users/csv',
    {
      config: read,
      schema: {
        tags,
        summary: `${LOCK_USERS_CSV_FILE_NAME}: the lock users list for the same filters, unpaged, a row per user and lock`,
        querystring: lockUsersCsvQuery,
      },
    },
    async (request, reply) => {
      const csv = await lockUsers.csv(principalOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${LOCK_USERS_CSV_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/iot-device-user/all',
    {
      config: read,
      schema: {
        tags,
        summary: 'The users with access to one lock (macId: the lock), with where each credential is',
        querystring: lockDeviceUsersQuery,
        response: { 200: lockDeviceUsers },
      },
    },
    async (request) => lockUsers.usersOfLock(principalOf(request), request.query),
  );

  app.post(
    '/api/create-new-iot-lock-user',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a lock user in a customer',
        body: createLockUserBody,
        response: { 201: lockUserSaved },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await lockUsers.create(principalOf(request), request.body)),
  );

  app.put(
    '/api/update-iot-device-users/userId/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Update a lock user (the e-mail is fixed); a warning names locks holding an older card',
        params: lockUserIdParams,
        body: updateLockUserBody,
        response: { 200: lockUserSaved },
      },
    },
    async (request) => lockUsers.update(principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/delete-iot-device-user/userId/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a lock user; refused while it is on locks whose gateway is not connected',
        params: lockUserIdParams,
        response: { 200: lockUserDeleted },
      },
    },
    async (request) => lockUsers.remove(principalOf(request), request.params.id),
  );
};
