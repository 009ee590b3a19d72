import {
  LOCKS_CSV_FILE_NAME,
  lockModeBody,
  lockModeParams,
  lockModeResult,
  locksCount,
  locksCountQuery,
  locksCsvQuery,
  locksPage,
  locksQuery,
  locksWithUsersPage,
  lockUsersCount,
  lockUsersCountQuery,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { LocksService } from './locks.service.ts';

/** The lock calls of spec 002 section 7, paths as written; the CSV export's path is ours (docs/locks.md). */
export const locksRoutes: FastifyPluginAsyncZod<{ locks: LocksService }> = async (app, { locks }) => {
  const tags = ['locks'];

  app.get(
    '/api/iot-service/get-all-locks',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags,
        summary: 'Locks of a customer and its sub-customers (or of one gateway), paged and searched',
        querystring: locksQuery,
        response: { 200: locksPage },
      },
    },
    async (request) => locks.page(principalOf(request), request.query),
  );

  app.get(
    '/api/iot-service/get-all-locks-users',
    {
      config: { access: 'IOT_USER_READ' },
      schema: {
        tags,
        summary: 'The same page of locks, each with its users and where their credentials are',
        querystring: locksQuery,
        response: { 200: locksWithUsersPage },
      },
    },
    async (request) => locks.pageWithUsers(principalOf(request), request.query),
  );

  app.get(
    '/api/users-count/locks',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags,
        summary: 'Users per lock (the listed lock MACs, or every lock of the scope)',
        querystring: lockUsersCountQuery,
        response: { 200: lockUsersCount },
      },
    },
    async (request) => locks.userCounts(principalOf(request), request.query),
  );

  app.get(
    '/api/online-offline/locksCount',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags,
        summary: 'Locks in all, online (gateway connected, lock heard) and offline',
        querystring: locksCountQuery,
        response: { 200: locksCount },
      },
    },
    async (request) => locks.counts(principalOf(request), request.query),
  );

  app.get(
    '/api/locks/csv',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags,
        summary: `${LOCKS_CSV_FILE_NAME}: the locks list for the same filters, unpaged, one row per lock and user`,
        querystring: locksCsvQuery,
      },
    },
    async (request, reply) => {
      const csv = await locks.csv(principalOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${LOCKS_CSV_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/lock-mode-instruction/instruction/lockType/:t',
    {
      config: { access: 'IOT_DEVICE_WRITE' },
      schema: {
        tags,
        summary: 'Switch the locks of a type to shared or residential (LOCK_DEVICE_MODE instructions)',
        params: lockModeParams,
        body: lockModeBody,
        response: { 200: lockModeResult },
      },
    },
    async (request) => locks.requestMode(principalOf(request), request.params.t, request.body),
  );
};
