import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { SessionsService } from '../auth/index.ts';
import { SocialRepository } from './social.repository.ts';
import { socialRoutes } from './social.routes.ts';
import { SocialService } from './social.service.ts';
import { type SocialAccountsDependencies, SocialAccountsService } from './social-accounts.service.ts';

/** Social sign-in and sign-up with an OpenID Connect provider, and the accounts it knows. */
export function createSocialModule(
  options: SocialAccountsDependencies & {
    db: Kysely<Database>;
    config: Config;
    secureCookies: boolean;
    sessions: Pick<SessionsService, 'openSession'>;
  },
) {
  const accounts = new SocialAccountsService({ users: options.users, signUp: options.signUp });
  const social = new SocialService(new SocialRepository(options.db), options.config, {
    sessions: options.sessions,
    accounts,
  });
  return {
    social,
    accounts,
    routes: (app) => app.register(socialRoutes, { social, secureCookies: options.secureCookies }),
  } satisfies ModuleParts & Record<string, unknown>;
}
