import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { ApiKeysRepository } from './api-keys.repository.ts';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { type ApiKeysDeps, ApiKeysService } from './api-keys.service.ts';

/**
 * API keys (docs/api-keys.md): a customer's machine credentials. The access plugin resolves a key of an
 * `Authorization: Bearer` header through `apiKeys.resolve`, which app.ts hands it.
 */
export function createApiKeysModule(options: ApiKeysDeps & { db: Kysely<Database> }) {
  const apiKeys = new ApiKeysService(new ApiKeysRepository(options.db), options);
  return {
    apiKeys,
    routes: (app) => app.register(apiKeysRoutes, { apiKeys }),
  } satisfies ModuleParts & Record<string, unknown>;
}
