import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { EventEmitting, EventListening } from '../../lib/events.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { outboundHttp } from '../../lib/outbound-http.ts';
import { OutboxRepository } from '../mail/index.ts';
import { IncidentAcknowledgement } from './acknowledge.ts';
import { AlertEngine, type AlertEngineSettings, DEFAULT_DIGEST_MS } from './alert-engine.service.ts';
import type { AlertRulesReader } from './alert-rules.port.ts';
import { type AlertEventSink, IncidentAnnouncer } from './announcer.ts';
import { CameraStatesRepository } from './camera-states.repository.ts';
import { IncidentsQuery, type ScopeReach } from './incidents.query.ts';
import { IncidentsRepository } from './incidents.repository.ts';
import { incidentsRoutes } from './incidents.routes.ts';
import { AlertHooks } from './notifications/alert-hooks.ts';
import { DigestWindows } from './notifications/digests.ts';
import { AlertNotifier, type MailSender } from './notifications/notifier.ts';
import { SmsOutbox } from './notifications/sms-outbox.ts';
import { SmppProvider, type SmsProvider } from './notifications/sms-provider.ts';
import { listenToDevices } from './observers.ts';
import { RulesCache } from './rules-cache.ts';

/**
 * The engine's options the portal's configuration decides (SMS_URL, SMS_RETRY_BASE_SECONDS, ALERT_TICK_MS,
 * ALERT_NO_DATA_SECONDS, OUTBOUND_ALLOW_NETWORKS for the hooks); tests build engines with settings of their own.
 */
export function alertEngineConfig(
  config: Pick<
    Config,
    | 'SMS_URL'
    | 'SMS_RETRY_BASE_SECONDS'
    | 'ALERT_TICK_MS'
    | 'ALERT_NO_DATA_SECONDS'
    | 'ALERT_DIGEST_SECONDS'
    | 'OUTBOUND_ALLOW_NETWORKS'
  >,
) {
  return {
    outboundAllowNetworks: config.OUTBOUND_ALLOW_NETWORKS,
    smsUrl: config.SMS_URL,
    smsRetryBaseMs: config.SMS_RETRY_BASE_SECONDS * 1000,
    settings: {
      tickMs: config.ALERT_TICK_MS,
      noDataMs: config.ALERT_NO_DATA_SECONDS * 1000,
      digestMs: config.ALERT_DIGEST_SECONDS * 1000,
      staleMs: 10 * 60_000,
    },
  };
}

/**
 * The alert engine: incidents from the rules (read through `AlertRulesReader`, attached once the alerts
 * module exists), fed by the device events it listens to (`bus`, lib/events.ts) and by its own tick; notifications by e-mail
 * (the mail module's outbox) and SMS (SMPP at `smsUrl`, else kept in the outbox).
 */
export function createAlertEngineModule(options: {
  db: Kysely<Database>;
  jobs: JobQueue;
  live: LivePublisher;
  logger: Logger;
  /** The e-mail templates: incidents are mailed from `alertNotification`. */
  mail: MailSender;
  events: AlertEventSink;
  /**
   * The device events (gateway status and state, samples, locks) the engine raises incidents from; it tells
   * `notable` incident events (opened, resolved, acknowledged) on it.
   */
  bus: EventListening & EventEmitting;
  /** Private networks the rules' hooks may post to (OUTBOUND_ALLOW_NETWORKS); none by default. */
  outboundAllowNetworks?: readonly string[];
  tenants: ScopeReach;
  rules?: AlertRulesReader;
  smsUrl?: string;
  /** A provider of its own instead of SMPP at smsUrl (tests). */
  smsProvider?: SmsProvider;
  smsRetryBaseMs?: number;
  settings: AlertEngineSettings;
}) {
  const logger = options.logger.child({ component: 'alert-engine' });
  const repo = new IncidentsRepository(options.db);
  const rules = new RulesCache();
  if (options.rules) rules.attach(options.rules);
  const provider = options.smsProvider ?? (options.smsUrl ? new SmppProvider(options.smsUrl) : null);
  const sms = new SmsOutbox(
    new OutboxRepository(options.db),
    options.jobs,
    provider,
    logger.child({ channel: 'sms' }),
    { retryBaseMs: options.smsRetryBaseMs },
  );
  const hooks = new AlertHooks(
    options.db,
    options.jobs,
    outboundHttp(options.outboundAllowNetworks ?? []),
    logger.child({ channel: 'hooks' }),
  );
  const notifier = new AlertNotifier(
    options.db,
    options.mail,
    sms,
    hooks,
    new DigestWindows(options.db),
    logger,
    options.settings.digestMs ?? DEFAULT_DIGEST_MS,
  );
  const announcer = new IncidentAnnouncer(
    repo,
    rules,
    notifier,
    options.events,
    options.live,
    options.bus,
    logger,
  );
  const engine = new AlertEngine(
    repo,
    new CameraStatesRepository(options.db),
    rules,
    announcer,
    notifier,
    logger,
    options.settings,
  );
  const incidents = new IncidentsQuery(options.db, options.tenants);
  const acknowledgement = new IncidentAcknowledgement(repo, options.tenants, announcer);
  listenToDevices(engine, options.bus);
  return {
    engine,
    sms,
    /** Plugs in the alerts module's rules (its `rules` object). */
    attachRules: (reader: AlertRulesReader) => rules.attach(reader),
    routes: (app) => app.register(incidentsRoutes, { incidents, acknowledgement }),
    start: () => {
      sms.start();
      hooks.start();
      engine.start();
    },
    stop: async () => {
      await engine.stop();
      await sms.stop();
      await hooks.stop();
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
