import {
  bulkLockUsersBody,
  bulkLockUsersQuery,
  bulkLockUsersResponse,
  LOCK_USERS_IMPORT_MAX_BATCH_BYTES,
  lockUsersImportMessages,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { LockUsersImportService } from './lock-users-import.service.ts';

/** POST /api/create-bulk-iot-lock-users?isCardUsers= (spec 002 section 7): one batch of at most 500 rows. */
export const lockUsersImportRoutes: FastifyPluginAsyncZod<{
  lockUsersImport: LockUsersImportService;
}> = async (app, { lockUsersImport }) => {
  app.post(
    '/api/create-bulk-iot-lock-users',
    {
      // The file's size cap on the server too: no batch of a file within it is larger (413 otherwise).
      bodyLimit: LOCK_USERS_IMPORT_MAX_BATCH_BYTES,
      config: {
        access: 'IOT_USER_WRITE',
        bodyTextRule: 'rows',
        bodyTooLargeMessage: lockUsersImportMessages.tooLarge,
      },
      schema: {
        tags: ['lock users'],
        summary:
          'Import a batch of at most 500 lock users (CSV rows, each with its scopeId); a result for every row',
        querystring: bulkLockUsersQuery,
        body: bulkLockUsersBody,
        response: { 200: bulkLockUsersResponse },
      },
    },
    async (request) =>
      lockUsersImport.importBatch(principalOf(request), request.body, request.query.isCardUsers),
  );
};
