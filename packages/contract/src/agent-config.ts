import { z } from 'zod';
import {
  AGENT_CONFIG_LIMITS,
  agentConfigMessages,
  LOG_LEVELS,
  PAYLOAD_ORDERS,
} from './agent-config-limits.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './people.ts';

/**
 * Agent configuration per customer (spec 002 sections 3, 4, 5, 7, 8; docs/agent-config.md): the settings the
 * agent on every gateway of a customer runs with, grouped as the spec lists them. `SID` is the customer (tenant)
 * id, `cfv` the configuration version: 1 is the documented defaults, every change adds one.
 */

export * from './agent-config-limits.ts';

type Range = { min: number; max: number };
const L = AGENT_CONFIG_LIMITS;

/** A whole number in a range: a string, a fraction or an exponent form is refused. */
const whole = (range: Range, unit = 's') => {
  const message = unit
    ? agentConfigMessages.rangeIn(range.min, range.max, unit)
    : agentConfigMessages.range(range.min, range.max);
  return z
    .number({ error: agentConfigMessages.wholeNumber })
    .int(agentConfigMessages.wholeNumber)
    .min(range.min, message)
    .max(range.max, message);
};
const text = z
  .string({ error: agentConfigMessages.required })
  .trim()
  .min(1, agentConfigMessages.required)
  .max(L.textMax, `At most ${L.textMax} characters.`)
  .regex(/^[^\s]*$/, 'No spaces.');
/** A secret as typed: empty = not set (the gateways keep their own), SECRET_MASK = keep the stored one. */
const secret = z
  .string({ error: agentConfigMessages.required })
  .max(L.secretMax, `At most ${L.secretMax} characters.`);
const frequency = z
  .number({ error: agentConfigMessages.wholeNumber })
  .int(agentConfigMessages.wholeNumber)
  .min(1)
  .max(L.frequencyMax, `At most ${L.frequencyMax} s.`);

const mqttGroup = z.strictObject({
  burl: text,
  mat: whole(L.lteKeepAlive),
  mprt: whole(L.mqttPort, ''),
  mcpwd: secret,
  cacrtpth: text,
  mate0: whole(L.keepAlive),
  makto: whole(L.ackTimeout),
});
const gatewayGroup = z.strictObject({
  gwpwd: secret,
  wspwd: secret,
  pylorder: z.enum(PAYLOAD_ORDERS),
  wdtinvl: whole(L.watchdog),
  ccf: frequency,
});
const apiDataGroup = z.strictObject({ apito: whole(L.apiTimeout), apiwti: whole(L.apiTimeout) });
const loggingGroup = z.strictObject({ lvl: z.enum(LOG_LEVELS), lsze: whole(L.logSize, 'bytes') });
const s3Group = z.strictObject({ nme: text, pth: text });
const elkGroup = z.strictObject({
  hst: text,
  prt: whole(L.elkPort, ''),
  logsts: z.boolean(),
  unme: text,
  upswd: secret,
});
const pollGroup = z.strictObject({
  pti: whole(L.poll),
  dpf: frequency,
  ppf: frequency,
  crbsts: z.boolean(),
});
const authGroup = z.strictObject({
  surl: text,
  eml: z
    .string({ error: agentConfigMessages.invalidEmail })
    .trim()
    .max(EMAIL_MAX_LENGTH, agentConfigMessages.invalidEmail)
    .regex(EMAIL_PATTERN, agentConfigMessages.invalidEmail),
  pwd: secret,
});
const scopeGroup = z.strictObject({ surl: text });

const groupsShape = {
  mqtt: mqttGroup,
  gateway: gatewayGroup,
  apiData: apiDataGroup,
  logging: loggingGroup,
  s3BKT: s3Group,
  elk: elkGroup,
  poll: pollGroup,
  auth: authGroup,
  scope: scopeGroup,
};

export type AgentConfigValues = z.infer<z.ZodObject<typeof groupsShape>>;
export type AgentConfigGroup = keyof AgentConfigValues;

/**
 * Version 1 of every customer: what a fleet runs with until its operator changes it (docs/agent-config.md says
 * why each). Secrets have no default: empty means not set, and the gateways keep their own.
 */
export const AGENT_CONFIG_DEFAULTS: AgentConfigValues = {
  mqtt: {
    burl: 'mqtts://mqtt.portal.local',
    mat: 120,
    mprt: 8883,
    mcpwd: '',
    cacrtpth: '/etc/ssl/certs/ca-certificates.crt',
    mate0: 30,
    makto: 60,
  },
  gateway: { gwpwd: '', wspwd: '', pylorder: 'ASC', wdtinvl: 60, ccf: 300 },
  apiData: { apito: 30, apiwti: 5 },
  logging: { lvl: 'INFO', lsze: 5_000_000 },
  s3BKT: { nme: 'gateway-logs', pth: 'agent/' },
  elk: { hst: 'elk.portal.local', prt: 5044, logsts: false, unme: 'gateway', upswd: '' },
  poll: { pti: 5, dpf: 5, ppf: 5, crbsts: true },
  auth: { surl: 'https://auth.portal.local', eml: 'gateway@example.com', pwd: '' },
  scope: { surl: 'https://scope.portal.local' },
};

/** The frequency rules between fields (spec 002 section 5): each issue names the field it is about. */
export function frequencyIssues(poll: {
  pti: number;
  dpf: number;
  ppf: number;
  ccf: number;
}): { path: [AgentConfigGroup, string]; message: string }[] {
  const issues: { path: [AgentConfigGroup, string]; message: string }[] = [];
  const { pti, dpf, ppf, ccf } = poll;
  if (!Number.isInteger(pti) || pti < 1) return issues;
  const multiple = (value: number) => value % pti === 0;
  if (dpf < pti || dpf > L.frequencyMax || !multiple(dpf))
    issues.push({
      path: ['poll', 'dpf'],
      message: `A multiple of the poll frequency (${pti} s) from ${pti} to ${L.frequencyMax} s.`,
    });
  if (ppf < dpf || ppf > L.frequencyMax || !multiple(ppf))
    issues.push({
      path: ['poll', 'ppf'],
      message: `A multiple of the poll frequency (${pti} s) from the record frequency to ${L.frequencyMax} s.`,
    });
  if (ccf < dpf || ccf > L.frequencyMax || !multiple(ccf))
    issues.push({
      path: ['gateway', 'ccf'],
      message: `A multiple of the poll frequency (${pti} s) from the record frequency to ${L.frequencyMax} s.`,
    });
  return issues;
}

/** The multiples of the poll value from `from` to 900 s: what the form offers. */
export function frequencyChoices(pti: number, from: number): number[] {
  if (!Number.isInteger(pti) || pti < L.poll.min || pti > L.poll.max) return [];
  const choices: number[] = [];
  for (let value = pti; value <= L.frequencyMax; value += pti) if (value >= from) choices.push(value);
  return choices;
}

const refineFrequencies = (
  value: { poll: AgentConfigValues['poll']; gateway: { ccf: number } },
  ctx: z.RefinementCtx,
) => {
  for (const issue of frequencyIssues({ ...value.poll, ccf: value.gateway.ccf }))
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
};

/** Every group and key, every range and rule (the form and the server use this one schema). */
export const agentConfigValues = z.strictObject(groupsShape).superRefine(refineFrequencies);

/** Secrets, by group and key: stored encrypted, shown masked, sent to gateways only on their own topic. */
export const AGENT_CONFIG_SECRETS: readonly (readonly [AgentConfigGroup, string])[] = [
  ['mqtt', 'mcpwd'],
  ['gateway', 'gwpwd'],
  ['gateway', 'wspwd'],
  ['elk', 'upswd'],
  ['auth', 'pwd'],
];
export const isAgentConfigSecret = (group: string, key: string) =>
  AGENT_CONFIG_SECRETS.some(([g, k]) => g === group && k === key);

export const cfv = z
  .number({ error: agentConfigMessages.wholeNumber })
  .int(agentConfigMessages.wholeNumber)
  .min(1)
  .max(L.cfvMax, agentConfigMessages.versionLimit);
export const agentConfigSid = z.string().min(1).max(100);

/** `cfg` as read and written: the version plus the groups. */
export const agentConfig = z.strictObject({ cfv, ...groupsShape }).superRefine(refineFrequencies);
export type AgentConfig = z.infer<typeof agentConfig>;
/** `cfg` as the browser sends it: `apiwti`, hidden from the form, may be left out (the stored one is kept). */
export const agentConfigInput = z
  .strictObject({
    cfv,
    ...groupsShape,
    apiData: z.strictObject({ apito: whole(L.apiTimeout), apiwti: whole(L.apiTimeout).optional() }),
  })
  .superRefine(refineFrequencies);
export type AgentConfigInput = z.infer<typeof agentConfigInput>;

/** GET /api/agentConfig/getConfigData/sid/{sid}: secrets masked (SECRET_MASK when set, '' when not). */
export const agentConfigResponse = z.object({ SID: z.string(), cfg: z.object({ cfv, ...groupsShape }) });
export type AgentConfigResponse = z.infer<typeof agentConfigResponse>;

/**
 * POST setConfigData and PUT updateConfigData: the whole configuration as edited, `cfg.cfv` the version it
 * was loaded at (an apply over a newer one is refused: changed meanwhile). `apiwti` is hidden from the form and
 * may be left out (kept).
 */
export const agentConfigUpdate = z.strictObject({ SID: agentConfigSid, cfg: agentConfigInput });
export type AgentConfigUpdate = z.infer<typeof agentConfigUpdate>;

/** PUT resetConfigDataToDefault: the version the reset was confirmed at. */
export const agentConfigReset = z.strictObject({ SID: agentConfigSid, cfv });
/** PUT revertConfigData: go back to version `to`, confirmed at version `cfv`. */
export const agentConfigRevert = z.strictObject({ SID: agentConfigSid, cfv, to: cfv });

export const agentConfigChange = z.object({
  group: z.string(),
  key: z.string(),
  /** Secrets: SECRET_MASK or '' (set or not), never the value. */
  from: z.unknown(),
  to: z.unknown(),
});
export const AGENT_CONFIG_ACTIONS = ['default', 'update', 'reset', 'revert'] as const;
export const agentConfigVersion = z.object({
  cfv,
  action: z.enum(AGENT_CONFIG_ACTIONS),
  /** revert: the version gone back to. */
  revertedTo: z.number().int().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
  changes: z.array(agentConfigChange),
});
export type AgentConfigVersion = z.infer<typeof agentConfigVersion>;
/** GET /api/agentConfig/history/sid/{sid}: newest first, at most 100. */
export const agentConfigHistory = z.object({ SID: z.string(), versions: z.array(agentConfigVersion) });
export type AgentConfigHistory = z.infer<typeof agentConfigHistory>;

export const AGENT_CONFIG_DELIVERY_STATES = ['current', 'older', 'unconfirmed'] as const;
export type AgentConfigDeliveryState = (typeof AGENT_CONFIG_DELIVERY_STATES)[number];
export const agentConfigDeliveryGateway = z.object({
  macId: z.string(),
  name: z.string(),
  connected: z.boolean(),
  state: z.enum(AGENT_CONFIG_DELIVERY_STATES),
  appliedCfv: z.number().int().nullable(),
  appliedAt: z.string().nullable(),
  /** A gateway that refused the version it was sent says why. */
  rejected: z.string().nullable(),
});
/** GET /api/agentConfig/delivery/sid/{sid}: the customer's gateways by the version they confirmed. */
export const agentConfigDelivery = z.object({
  SID: z.string(),
  cfv,
  current: z.number().int(),
  older: z.number().int(),
  unconfirmed: z.number().int(),
  /** At most 500: the ones not current first. */
  gateways: z.array(agentConfigDeliveryGateway),
});
export type AgentConfigDelivery = z.infer<typeof agentConfigDelivery>;

/** Live channel `portal/{SID}/agent-config`: a new version, or a gateway's confirmation. Never a secret. */
export const agentConfigLiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('version'), SID: z.string(), cfv }),
  z.object({
    type: z.literal('confirmed'),
    SID: z.string(),
    macId: z.string(),
    cfv,
    status: z.enum(['APPLIED', 'REJECTED']),
  }),
]);
export type AgentConfigLiveMessage = z.infer<typeof agentConfigLiveMessage>;

/**
 * Device protocol (docs/mqtt.md 3.7): the portal sends the whole configuration, secrets in clear, on the
 * gateway's own `gateways/{mac}/receive/agent-config`; the gateway answers on `gateways/{mac}/send/agent-config`.
 */
export const agentConfigDeviceMessage = z.object({ SID: z.string(), cfv, cfg: agentConfigValues });
export type AgentConfigDeviceMessage = z.infer<typeof agentConfigDeviceMessage>;
export const agentConfigAck = z.object({
  cfv,
  TI: z.number().int(),
  status: z.enum(['APPLIED', 'REJECTED']),
  reason: z.string().max(200).optional(),
});
export type AgentConfigAck = z.infer<typeof agentConfigAck>;

/** The form's layout: groups in the spec's order, each field with its label and kind. */
export type AgentConfigFieldKind = 'number' | 'text' | 'secret' | 'email' | 'frequency' | 'select' | 'switch';
export interface AgentConfigField {
  key: string;
  label: string;
  kind: AgentConfigFieldKind;
  range?: Range;
  options?: readonly string[];
  /** The frequency it is a multiple of the poll value from. */
  from?: 'pti' | 'dpf';
}
export const AGENT_CONFIG_FORM: readonly {
  group: AgentConfigGroup;
  title: string;
  fields: AgentConfigField[];
}[] = [
  {
    group: 'mqtt',
    title: 'MQTT',
    fields: [
      { key: 'burl', label: 'Broker URL', kind: 'text' },
      { key: 'mprt', label: 'MQTT port', kind: 'number', range: L.mqttPort },
      { key: 'mat', label: 'LTE keep alive (s)', kind: 'number', range: L.lteKeepAlive },
      { key: 'mate0', label: 'Non-LTE keep alive (s)', kind: 'number', range: L.keepAlive },
      { key: 'makto', label: 'MQTT ack timeout (s)', kind: 'number', range: L.ackTimeout },
      { key: 'mcpwd', label: 'MQTT client password', kind: 'secret' },
      { key: 'cacrtpth', label: 'CA certificate path', kind: 'text' },
    ],
  },
  {
    group: 'gateway',
    title: 'Gateway',
    fields: [
      { key: 'gwpwd', label: 'Gateway password', kind: 'secret' },
      { key: 'wspwd', label: 'Web server password', kind: 'secret' },
      { key: 'pylorder', label: 'Payload order', kind: 'select', options: PAYLOAD_ORDERS },
      { key: 'wdtinvl', label: 'Watchdog timer (s)', kind: 'number', range: L.watchdog },
      { key: 'ccf', label: 'CCF (s)', kind: 'frequency', from: 'dpf' },
    ],
  },
  {
    group: 'apiData',
    title: 'API data',
    fields: [{ key: 'apito', label: 'API timeout (s)', kind: 'number', range: L.apiTimeout }],
  },
  {
    group: 'logging',
    title: 'Logging',
    fields: [
      { key: 'lvl', label: 'Log level', kind: 'select', options: LOG_LEVELS },
      { key: 'lsze', label: 'Log size (bytes)', kind: 'number', range: L.logSize },
    ],
  },
  {
    group: 's3BKT',
    title: 'S3 bucket',
    fields: [
      { key: 'nme', label: 'Bucket name', kind: 'text' },
      { key: 'pth', label: 'Path', kind: 'text' },
    ],
  },
  {
    group: 'elk',
    title: 'ELK',
    fields: [
      { key: 'hst', label: 'Host', kind: 'text' },
      { key: 'prt', label: 'Port', kind: 'number', range: L.elkPort },
      { key: 'logsts', label: 'Send logs', kind: 'switch' },
      { key: 'unme', label: 'User name', kind: 'text' },
      { key: 'upswd', label: 'Password', kind: 'secret' },
    ],
  },
  {
    group: 'poll',
    title: 'Poll',
    fields: [
      { key: 'pti', label: 'Poll frequency (s)', kind: 'number', range: L.poll },
      { key: 'dpf', label: 'Data record frequency (s)', kind: 'frequency', from: 'pti' },
      { key: 'ppf', label: 'Data post frequency (s)', kind: 'frequency', from: 'dpf' },
      { key: 'crbsts', label: 'Report battery status', kind: 'switch' },
    ],
  },
  {
    group: 'auth',
    title: 'Auth',
    fields: [
      { key: 'surl', label: 'Service URL', kind: 'text' },
      { key: 'eml', label: 'User email', kind: 'email' },
      { key: 'pwd', label: 'Password', kind: 'secret' },
    ],
  },
  { group: 'scope', title: 'Scope', fields: [{ key: 'surl', label: 'Service URL', kind: 'text' }] },
];
