import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { AccountService } from './account.service.ts';
import type { AuthDependencies } from './auth.ports.ts';
import { AuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { MqttTokensService } from './mqtt-tokens.service.ts';
import { SessionsService } from './sessions.service.ts';
import { TwoFactorService } from './two-factor.service.ts';

/**
 * Auth: sign-in and sessions, two-factor, the user's own account and the browser's MQTT tokens. The access
 * plugin resolves sessions and the broker checks tokens through function types app.ts hands them.
 */
export function createAuthModule(
  options: AuthDependencies & { db: Kysely<Database>; secureCookies: boolean },
) {
  const { db, secureCookies, ...deps } = options;
  const repo = new AuthRepository(db);
  const sessions = new SessionsService(repo, deps);
  const twoFactor = new TwoFactorService(repo, deps);
  const account = new AccountService(deps);
  const mqttTokens = new MqttTokensService(repo, deps);
  return {
    sessions,
    twoFactor,
    account,
    mqttTokens,
    routes: (app) => app.register(authRoutes, { sessions, twoFactor, account, mqttTokens, secureCookies }),
  } satisfies ModuleParts & Record<string, unknown>;
}
