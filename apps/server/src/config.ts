import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine(
      (v) => protocols.some((p) => v.startsWith(`${p}://`)),
      `must start with ${protocols.join(':// or ')}://`,
    )
    .optional();

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or one of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy: which proxies' X-Forwarded-For to believe for the client address (request.ip).
 * 'false' (default: the socket's address), 'true' (any), a hop count, or a comma list of addresses and ranges.
 */
const trustProxy = z
  .string()
  .max(2000)
  .default('false')
  .transform((value, ctx): boolean | number | string[] => {
    const text = value.trim().toLowerCase();
    if (text === 'true' || text === 'false') return text === 'true';
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a hop count or a comma-separated list of addresses or CIDR ranges (bad: ${bad.join(', ')})`,
    });
    return z.NEVER;
  });

/** Every environment variable the portal reads, with its default. README's production section mirrors this. */
export const configSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_CONNECT_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  MQTT_URL: optionalUrl(['mqtt', 'mqtts', 'tcp', 'ssl', 'ws', 'wss']),
  MQTT_PORT: port.default(1884),
  /** Client id at the external broker; stable per instance so its persistent session survives restarts. */
  MQTT_CLIENT_ID: z.string().min(1).max(64).optional(),
  /** Shared-subscription group of the portal instances at the external broker. */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('portal'),
  /** Connections taking device traffic from the external broker. */
  MQTT_CONSUMERS: z.coerce.number().int().min(1).max(128).default(32),
  /**
   * Device messages one consumer connection handles at once (its MQTT 5 Receive Maximum): none is acknowledged
   * before it is stored, and a connection with this many waiting stops reading (docs/operations.md, Overload).
   */
  MQTT_CONSUMER_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(64),
  /**
   * Flow control behind an external broker (docs/operations.md, Overload): gateways are told to slow down when
   * the portal's probe waits longer than FLOW_CONTROL_LAG_HIGH_MS behind the broker's queue (0: never), and the
   * slow-down is lifted under FLOW_CONTROL_LAG_LOW_MS. Probes every FLOW_CONTROL_PROBE_MS.
   */
  FLOW_CONTROL_LAG_HIGH_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  FLOW_CONTROL_LAG_LOW_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  FLOW_CONTROL_PROBE_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /**
   * Largest MQTT packet a gateway may send, fixed header included: the embedded broker closes a connection
   * sending a larger one; behind an external broker the portal refuses larger device messages.
   */
  MQTT_MAX_PACKET_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .max(32 * 1024 * 1024)
    .default(256 * 1024),
  /** Seconds between checks that close browsers' live connections whose session has ended. */
  LIVE_SESSION_CHECK_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  MQTT_RETRY_COUNT: z.coerce.number().int().min(0).max(1000).default(5),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  /** Proxies in front of the portal whose X-Forwarded-For gives the client address (guess limits, logs). */
  TRUST_PROXY: trustProxy,
  /** Mail goes out over SMTP when set (smtp://user:pass@host:587); otherwise it waits in the outbox table. */
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('IoT Portal <no-reply@portal.local>'),
  /** Wait after a failed mail; doubled after each further failure, up to an hour (12 attempts). */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  /**
   * SMPP 3.4 server of an SMS aggregator for alert SMS: smpp://system_id:password@host:2775?source=IoTPortal
   * (docs/alert-engine.md). Unset: SMS wait in the outbox table and go to the log.
   */
  SMS_URL: optionalUrl(['smpp']),
  /** Wait after a failed SMS; doubled after each further failure, up to an hour. */
  SMS_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  /** How often the alert engine claims its due timers (waiting, recovery, repeats), in milliseconds. */
  ALERT_TICK_MS: z.coerce.number().int().min(20).max(60_000).default(1000),
  /** A connected gateway sending no sample for this long raises a no-data incident (its tenant has sensor alerts). */
  ALERT_NO_DATA_SECONDS: z.coerce.number().min(0.1).max(86_400).default(300),
  /** The digest window per rule, channel and recipient (docs/alert-engine.md, Digest); 0: every firing at once. */
  ALERT_DIGEST_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Where feedback is mailed (docs/audit.md); unset: to ROOT_EMAIL. */
  FEEDBACK_EMAIL: z.string().email().optional(),
  /** Audit log rows older than this are deleted (hourly); younger ones cannot be deleted at all. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  /** Social sign-in: any OpenID Connect provider (its issuer URL, e.g. https://accounts.google.com). */
  OIDC_ISSUER: optionalUrl(['http', 'https']),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Shown on the social sign-in buttons. */
  OIDC_PROVIDER_NAME: z.string().min(1).max(40).default('Google'),
  ROOT_EMAIL: z.string().email().default('admin@portal.local'),
  ROOT_PASSWORD: z.string().min(5).optional(),
  DEMO: flag.default(true),
  DEMO_GATEWAYS: z.coerce.number().int().min(0).max(10000).default(6),
  /**
   * Whether the demo locks fail now and then as real ones do (jams, radio range lost, commands refused). Off by
   * default, so that a newcomer's first unlock does what it says (issue 30.6; docs/locks.md "The demo's locks").
   */
  DEMO_LOCK_FAILURES: flag.default(false),
  /**
   * Seconds after `npm start` at which the first demo gateway ('Demo Gateway 1', given a camera module) loses its
   * camera module (the simulator's cameraRemoval: its state says CMS 0, camera removal alerts fire); unset: never.
   */
  DEMO_CAMERA_REMOVAL_AFTER: z.coerce.number().gt(0).max(604_800).optional(),
  /** Seconds after that removal at which the camera module is fitted again; needs DEMO_CAMERA_REMOVAL_AFTER. */
  DEMO_CAMERA_REFIT_AFTER: z.coerce.number().gt(0).max(604_800).optional(),
  /**
   * With DEMO on and no OIDC_ISSUER, `npm start` runs a demo OpenID Connect provider ('Demo ID') as the
   * portal's social sign-in, signing in the demo support user (apps/launcher/src/demo-oidc.ts); 0 turns it off.
   */
  DEMO_OIDC: flag.default(true),
  /** Its HTTP port (0: any free one). */
  DEMO_OIDC_PORT: port.default(8081),
  /** Sustained messages per second per gateway; faster bursts are slowed down (acknowledged later), not dropped. */
  DEVICE_MAX_RATE: z.coerce.number().int().min(1).max(100000).default(20),
  /** Messages a gateway may send at once above its sustained rate. */
  DEVICE_BURST: z.coerce.number().int().min(1).max(1000000).default(200),
  /** Raw samples older than this are deleted; charts of older ranges read the rollups. */
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(90),
  /** Per-minute and per-hour rollups older than this are deleted. */
  ROLLUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(1100),
  /** Vendor staff e-mail domains (comma list, e.g. 'vendor.com,vendor.de'): activity feed and device logs. */
  STAFF_EMAIL_DOMAINS: z
    .string()
    .max(2000)
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
        .filter((domain) => domain !== ''),
    ),
  /**
   * Support e-mails (comma list): on the support tenant they may create, edit and delete alerts without
   * ALERTS_WRITE (spec 002 section 6). When set, the support tenant ('Support', under root) exists (docs/alerts.md).
   */
  SUPPORT_EMAILS: z
    .string()
    .max(4000)
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    ),
  /**
   * Key (any text, at least 32 characters) the agent configuration's secrets are encrypted with at rest
   * (docs/agent-config.md). Unset: a built-in development key, and a warning at start. Keep it: secrets
   * stored under one key cannot be read under another.
   */
  AGENT_CONFIG_KEY: z.string().min(32).max(1000).optional(),
  /**
   * For tests only: multiplies every instruction deadline (0.01 makes the 15 s diagnostics time-out 150 ms) so
   * integration tests need not wait. Leave it at 1 anywhere else.
   */
  INSTRUCTION_DEADLINE_SCALE: z.coerce.number().min(0.001).max(1).default(1),
  /** Delivery ledger (docs/locks.md): a revocation not confirmed by the lock within this raises a warning. */
  LOCK_REVOKE_DEADLINE_MINUTES: z.coerce.number().min(0.001).max(10_080).default(15),
  /** Delivery ledger: first retry of a failed credential after this, doubled every attempt... */
  LOCK_ACCESS_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  /** ...up to this... */
  LOCK_ACCESS_RETRY_MAX_SECONDS: z.coerce.number().min(0.01).max(86_400).default(3600),
  /** ...for at most this many attempts (a gateway coming back still resumes what waited for it). */
  LOCK_ACCESS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** Firmware, customer firmware and OS patch files (docs/rollouts.md): largest upload, bytes (1 KiB to 2 GiB). */
  FIRMWARE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 ** 31)
    .default(100 * 1024 * 1024),
  /** Rollouts: a gateway booted on the new version must stay healthy this long to count as updated. */
  FIRMWARE_HEALTH_WINDOW_SECONDS: z.coerce.number().min(0).max(86_400).default(600),
  /** Rollouts: gateways updating at once per rollout. */
  FIRMWARE_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(50),
  /** Rollouts: wait between one wave's end and the next wave's start. */
  FIRMWARE_WAVE_PACE_SECONDS: z.coerce.number().min(0).max(604_800).default(60),
  /** Rollouts: the waves, comma separated counts or percentages ('10,30,50,100' or '1%,10%,100%'). */
  FIRMWARE_WAVES: z
    .string()
    .regex(/^\s*\d+(\.\d+)?%?\s*(,\s*\d+(\.\d+)?%?\s*){0,19}$/, 'counts or percentages, comma separated')
    .default('1%,10%,100%'),
  /** Rollouts: a wave whose failed share passes this percentage pauses the rollout. */
  FIRMWARE_FAILURE_THRESHOLD_PERCENT: z.coerce.number().min(0).max(100).default(20),
  /** Rollouts: a notified gateway that has not booted the version within this fails ('Timed out'). */
  FIRMWARE_UPDATE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(604_800).default(1800),
  /** Rollouts: how long a gateway's signed download URL stays valid. */
  FIRMWARE_DOWNLOAD_TTL_SECONDS: z.coerce.number().min(1).max(604_800).default(3600),
  /** Rollouts: how often each instance looks at the running rollouts. */
  FIRMWARE_TICK_SECONDS: z.coerce.number().min(0.05).max(60).default(1),
  /** Map tiles of the Gateway Location dialog: an http(s) (or same-origin '/') URL template with {z}, {x}, {y}. */
  MAP_TILE_URL: z
    .string()
    .max(500)
    .regex(/^(https?:\/\/|\/)/, 'must start with http://, https:// or /')
    .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'must hold {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Bearer token of GET /metrics on the HTTP port (docs/operations.md); unset: /metrics answers 404 there. */
  METRICS_TOKEN: z.string().min(16).max(200).optional(),
  /** A port of its own serving only /metrics (for a network only Prometheus reaches); unset: none. */
  METRICS_PORT: port.optional(),
  /**
   * Networks (comma list of CIDR ranges or addresses) outbound webhooks and alert channels may call although
   * they are private, loopback or link-local (docs/webhooks.md, SSRF). Empty (default): only public addresses.
   */
  OUTBOUND_ALLOW_NETWORKS: z
    .string()
    .max(4000)
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((network) => network.trim())
        .filter((network) => network !== ''),
    )
    .refine(
      (networks) => networks.every((network) => ipaddr.isValidCIDR(network) || ipaddr.isValid(network)),
      {
        message: 'must be a comma-separated list of CIDR ranges or IP addresses',
      },
    ),
  /** Outbound webhooks (docs/webhooks.md): the wait after a delivery's first failed attempt, doubled after each. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  /** The longest wait between two attempts of a delivery. */
  WEBHOOK_RETRY_MAX_SECONDS: z.coerce.number().min(0.01).max(86_400).default(3600),
  /** A delivery is tried again until this long after its event (a day). */
  WEBHOOK_RETRY_WINDOW_SECONDS: z.coerce.number().min(0).max(604_800).default(86_400),
  /** A webhook whose every attempt failed for this long is disabled and its customer told (a day). */
  WEBHOOK_DISABLE_AFTER_SECONDS: z.coerce.number().min(0).max(604_800).default(86_400),
  /** One attempt's time-out. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a ConfigError naming each offending variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = configSchema.safeParse(relevant);
  const issues = parsed.success
    ? crossChecks(parsed.data)
    : parsed.error.issues.map((issue) => ({ name: String(issue.path[0]), message: issue.message }));
  if (parsed.success && issues.length === 0) return parsed.data;
  const lines = issues.map(
    ({ name, message }) => `  ${name}: ${message} (got ${JSON.stringify(relevant[name] ?? null)})`,
  );
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Rules between variables (each variable's own are in the schema). */
function crossChecks(config: Config): { name: string; message: string }[] {
  const issues: { name: string; message: string }[] = [];
  if (config.DEMO_CAMERA_REFIT_AFTER !== undefined && config.DEMO_CAMERA_REMOVAL_AFTER === undefined)
    issues.push({ name: 'DEMO_CAMERA_REFIT_AFTER', message: 'needs DEMO_CAMERA_REMOVAL_AFTER' });
  return issues;
}
