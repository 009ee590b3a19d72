import type { Kysely } from 'kysely';
import type { ChannelListener, StopListening } from '../../db/notifications.ts';
import type { Database } from '../../db/schema.ts';
import { type Meter, noMeter } from '../../lib/metrics.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { AccountService } from './account.service.ts';
import type { AuthDependencies } from './auth.ports.ts';
import { AuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { MqttTokensService } from './mqtt-tokens.service.ts';
import { PRINCIPAL_CHANGES_CHANNEL } from './session-cache.ts';
import { SessionsService } from './sessions.service.ts';
import { signIns } from './sign-ins.ts';
import { TwoFactorService } from './two-factor.service.ts';

/**
 * Auth: sign-in and sessions, two-factor, the user's own account and the browser's MQTT tokens. The access
 * plugin resolves sessions and the broker checks tokens through function types app.ts hands them.
 */
export function createAuthModule(
  options: AuthDependencies & {
    db: Kysely<Database>;
    secureCookies: boolean;
    /** The database's announcements (DatabaseHandle.listen): the session cache serves only while it hears them. */
    listen: (channel: string, listener: ChannelListener) => StopListening;
    meter?: Meter;
  },
) {
  const { db, secureCookies, listen, meter = noMeter, ...deps } = options;
  const repo = new AuthRepository(db);
  const sessions = new SessionsService(repo, deps);
  const { cache } = sessions;
  meter.readings(
    'counter',
    'portal_session_lookups_total',
    'Sessions resolved for requests, by where from: the cache of this instance or the database.',
    () => [
      { labels: { source: 'cache' }, value: cache.lookups.cached },
      { labels: { source: 'database' }, value: cache.lookups.database },
    ],
    ['source'],
  );
  meter.readings(
    'gauge',
    'portal_session_cache_listening',
    '1 while this instance hears the database announce session, user and tenant changes (its session cache serves only then).',
    () => [{ value: cache.isListening ? 1 : 0 }],
  );
  let stopListening: StopListening | undefined;
  const twoFactor = new TwoFactorService(repo, deps);
  const account = new AccountService(deps);
  const mqttTokens = new MqttTokensService(repo, deps);
  return {
    sessions,
    twoFactor,
    account,
    mqttTokens,
    signIns,
    start() {
      stopListening = listen(PRINCIPAL_CHANGES_CHANNEL, {
        message: (payload) => cache.changed(payload),
        ready: () => cache.listeningStarted(),
        lapsed: () => cache.listeningLapsed(),
      });
    },
    async stop() {
      await stopListening?.();
      cache.listeningLapsed();
    },
    routes: (app) => app.register(authRoutes, { sessions, twoFactor, account, mqttTokens, secureCookies }),
  } satisfies ModuleParts & Record<string, unknown>;
}
