import {
  AUDIT_ACTIONS,
  AUDIT_THINGS,
  type AuditAction,
  type AuditChange,
  type AuditDescription,
  type AuditThing,
  LOCK_ALERT_TYPE_NAMES,
  SENSOR_ALERT_TYPE_INFO,
} from '@portal/contract';
import type { AuditSubject } from '../../db/schema-audit.ts';

/**
 * The Activity screen's one phrase builder (docs/audit.md, "In people's words"): an audit row, with the names
 * its trigger kept (`subject`), told as a sentence: "Rita Meyer unlocked Door 12 (gateway Demo Gateway 3)",
 * "Root Administrator changed the alert 'High CO2' threshold from 1,000 to 1,200 ppm". The kind of action and
 * of thing comes from the repository's SQL, made from ACTION_RULES, OPERATION_ACTIONS and TABLES below, so
 * the filters and the search see the rows as this file tells them.
 */

type Operation = 'INSERT' | 'UPDATE' | 'DELETE';
type Summary = Record<string, { from?: unknown; to?: unknown }>;

/**
 * What a table's rows are to a person: the kind of thing (the screen's filter), the noun of the sentence,
 * and what the thing is told as belonging to. A table not here is an 'other' thing, a
 * 'record (broker sessions)'.
 */
export const TABLES: Readonly<
  Record<string, { thing: AuditThing; noun: string; of?: 'customer' | 'gateway' | 'alert' }>
> = {
  tenants: { thing: 'customer', noun: 'customer' },
  portal_config: { thing: 'customer', noun: 'portal configuration', of: 'customer' },
  customer_deletions: { thing: 'customer', noun: 'customer deletion' },
  users: { thing: 'portalUser', noun: 'portal user' },
  gateways: { thing: 'gateway', noun: 'gateway' },
  gateway_departures: { thing: 'gateway', noun: 'count of gateways moved away', of: 'customer' },
  gateway_command_log: { thing: 'gateway', noun: 'command', of: 'gateway' },
  gateway_hotspot_changes: { thing: 'gateway', noun: 'hotspot', of: 'gateway' },
  instructions: { thing: 'gateway', noun: 'instruction', of: 'gateway' },
  device_logs: { thing: 'gateway', noun: 'device log', of: 'gateway' },
  locks: { thing: 'lock', noun: 'lock' },
  lock_users: { thing: 'lockUser', noun: 'lock user' },
  lock_user_access: { thing: 'lockUser', noun: 'lock access' },
  passcode_changes: { thing: 'lockUser', noun: 'passcode change' },
  alerts: { thing: 'alert', noun: 'alert' },
  alert_receivers: { thing: 'alert', noun: 'receiver', of: 'alert' },
  firmware_files: { thing: 'firmware', noun: 'firmware' },
  firmware_assignments: { thing: 'firmware', noun: 'firmware assignment', of: 'customer' },
  firmware_latest: { thing: 'firmware', noun: 'assigned firmware', of: 'customer' },
  firmware_rollouts: { thing: 'firmware', noun: 'firmware rollout', of: 'customer' },
  firmware_rollout_targets: { thing: 'firmware', noun: 'firmware rollout', of: 'gateway' },
  firmware_maintenance_windows: { thing: 'firmware', noun: 'maintenance window', of: 'customer' },
  agent_configs: { thing: 'agentConfiguration', noun: 'agent configuration', of: 'customer' },
  agent_config_versions: { thing: 'agentConfiguration', noun: 'agent configuration version', of: 'customer' },
  agent_config_delivery: { thing: 'agentConfiguration', noun: 'agent configuration delivery', of: 'gateway' },
  email_templates: { thing: 'emailTemplate', noun: 'e-mail template' },
  feedback: { thing: 'feedback', noun: 'feedback' },
};

/** The action of a row no rule below names. */
export const OPERATION_ACTIONS: Readonly<Record<Operation, AuditAction>> = {
  INSERT: 'created',
  UPDATE: 'changed',
  DELETE: 'deleted',
};

/**
 * Rows that are more than a record created, changed or deleted; the first that matches decides. `fields`:
 * values of the row's identifying fields (AuditSubject.fields), `changed`: a field the change touched.
 */
export interface ActionRule {
  table: string;
  operation: Operation;
  fields?: Readonly<Record<string, string | boolean>>;
  changed?: string;
  action: AuditAction;
  thing: AuditThing;
}

export const ACTION_RULES: readonly ActionRule[] = [
  {
    table: 'instructions',
    operation: 'INSERT',
    fields: { type: 'LOCK_DEVICE_LOCK_UNLOCK', locked: false },
    action: 'unlocked',
    thing: 'lock',
  },
  {
    table: 'instructions',
    operation: 'INSERT',
    fields: { type: 'LOCK_DEVICE_LOCK_UNLOCK', locked: true },
    action: 'locked',
    thing: 'lock',
  },
  { table: 'instructions', operation: 'INSERT', action: 'commanded', thing: 'gateway' },
  { table: 'gateway_command_log', operation: 'INSERT', action: 'commanded', thing: 'gateway' },
  { table: 'gateway_hotspot_changes', operation: 'INSERT', action: 'commanded', thing: 'gateway' },
  { table: 'gateways', operation: 'UPDATE', changed: 'tenant_id', action: 'moved', thing: 'gateway' },
  { table: 'users', operation: 'UPDATE', changed: 'tenant_id', action: 'moved', thing: 'portalUser' },
  { table: 'customer_deletions', operation: 'INSERT', action: 'deleted', thing: 'customer' },
  { table: 'lock_user_access', operation: 'INSERT', action: 'granted', thing: 'lockUser' },
  { table: 'lock_user_access', operation: 'DELETE', action: 'revoked', thing: 'lockUser' },
  {
    table: 'lock_user_access',
    operation: 'UPDATE',
    changed: 'revoke_requested_at',
    action: 'revoked',
    thing: 'lockUser',
  },
];

/** The verb of each action in a sentence (searched as the sentence's words are). */
const VERBS: Readonly<Record<AuditAction, string>> = {
  created: 'created',
  changed: 'changed',
  deleted: 'deleted',
  moved: 'moved',
  unlocked: 'unlocked',
  locked: 'locked',
  commanded: 'sent the command',
  granted: 'gave',
  revoked: 'removed the access of',
};

/** Fields whose name says too little; the others are read with their underscores as spaces. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  alert_name: 'name',
  password_hash: 'password',
  totp_secret: 'two-factor secret',
  totp_pending_secret: 'two-factor secret',
  two_factor_enabled: 'two-factor authentication',
  country_short_code: 'country',
  tenant_id: 'customer',
  scope_id: 'customer',
  primary_theme_color: 'primary colour',
  secondary_theme_color: 'secondary colour',
  logo_url: 'logo',
  fav_icon_url: 'favicon',
  card_csn: 'card',
  mobile_no: 'mobile number',
  interval_ms: 'interval',
  rfid_schedule_ms: 'RFID schedule',
  email_on: 'e-mail',
  sms_on: 'SMS',
  cfv: 'version',
};

/** Fields a sentence leaves out: keys, bookkeeping and times (the raw row keeps them). */
const UNTOLD = /^(id|ancestors|claim_token|attempts|state|cfg|changes|version_order|.*_at|.*_ti|.*_by)$/;
const LONGEST_VALUE = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const numbers = new Intl.NumberFormat('en-US');
const list = new Intl.ListFormat('en', { type: 'conjunction' });

/** The label of a field as a sentence says it. */
const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replaceAll('_', ' ');

/** 'SCAN' -> 'Scan', 'FORCE-IDLE' -> 'Force idle', 'CAMERA_CAPTURE' -> 'Camera capture'. */
const humanize = (code: string) => {
  const words = code.toLowerCase().replaceAll(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * What the search finds for one word: the actions whose verb or label, the things whose label, the tables
 * whose noun and the fields whose label hold it (names are searched in SQL).
 */
export function wordsMatching(word: string) {
  const w = word.toLowerCase();
  const has = (text: string) => text.toLowerCase().includes(w);
  return {
    actions: (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter(
      (a) => has(VERBS[a]) || has(AUDIT_ACTIONS[a]),
    ),
    things: (Object.keys(AUDIT_THINGS) as AuditThing[]).filter((t) => has(AUDIT_THINGS[t])),
    tables: Object.keys(TABLES).filter((table) => has(TABLES[table]!.noun)),
    fields: Object.keys(FIELD_LABELS).filter((field) => has(FIELD_LABELS[field]!)),
  };
}

/** An audit row as the repository reads it. */
export interface AuditFacts {
  /** 'unlocked:lock': the action and thing the repository's SQL found for the row. */
  kind: string;
  table: string;
  operation: Operation;
  actorUserId: string | null;
  actorEmail: string | null;
  /** The row's identifying fields: those the trigger kept, or (older rows) the values of the summary. */
  fields: Record<string, unknown>;
  subject: AuditSubject | null;
  summary: Summary;
  /** The customer's name now (older rows have none of their own). */
  tenantName: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const person = (first: unknown, last: unknown) => text([text(first), text(last)].filter(Boolean).join(' '));
const quoted = (name: string) => `'${name}'`;

function alertName(fields: Record<string, unknown>): string | null {
  const type = text(fields.alert_type);
  if (text(fields.alert_name)) return text(fields.alert_name);
  if (!type) return null;
  return LOCK_ALERT_TYPE_NAMES[type as keyof typeof LOCK_ALERT_TYPE_NAMES] ?? humanize(type);
}

/** The thing's own name, as the row had it. */
function nameOf(facts: AuditFacts): string | null {
  const { fields, subject } = facts;
  switch (facts.table) {
    case 'users':
    case 'lock_users':
      return person(fields.first_name, fields.last_name) ?? text(fields.email);
    case 'alerts':
      return alertName(fields);
    case 'alert_receivers':
    case 'lock_user_access':
      return text(subject?.user);
    case 'instructions':
      return text(subject?.lock);
    case 'customer_deletions':
      return text(fields.tenant_name);
    case 'firmware_files':
      return text(fields.version) ?? text(fields.name);
    default:
      return text(fields.name);
  }
}

/** A field's value as a sentence shows it; null when it is not shown (a secret, an id, a long value). */
function shown(value: unknown): string | null {
  if (value === undefined || value === null || value === '[redacted]') return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return numbers.format(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    const joined = value.join(', ');
    return joined.length <= LONGEST_VALUE && !value.some((v) => UUID.test(v)) ? joined : null;
  }
  if (typeof value !== 'string' || UUID.test(value) || value.length > LONGEST_VALUE) return null;
  return value;
}

function unitOf(field: string, fields: Record<string, unknown>): string {
  if (field === 'threshold') {
    const info = SENSOR_ALERT_TYPE_INFO[fields.alert_type as keyof typeof SENSOR_ALERT_TYPE_INFO];
    return info?.unit ?? '';
  }
  if (field === 'battery_level') return '%';
  if (field === 'waiting_time') return 's';
  return '';
}

interface Told extends AuditChange {
  unit: string;
}

/** The changed fields that matter, with their values before and after as shown. */
function changesOf(facts: AuditFacts): Told[] {
  const changes: Told[] = [];
  for (const [field, change] of Object.entries(facts.summary)) {
    if (UNTOLD.test(field)) continue;
    const moved = field === 'tenant_id';
    changes.push({
      field: fieldLabel(field),
      from: moved ? text(facts.subject?.moved?.from) : shown(change.from),
      to: moved ? text(facts.subject?.moved?.to) : shown(change.to),
      unit: unitOf(field, facts.fields),
    });
  }
  return changes;
}

/** 'threshold from 1,000 to 1,200 ppm': the unit said once, at the end. */
function changeText({ field, from, to, unit }: Told): string {
  const end = unit ? ` ${unit}` : '';
  if (from !== null && to !== null) return `${field} from ${from} to ${to}${end}`;
  if (to !== null) return `${field} to ${to}${end}`;
  if (from !== null) return `${field} from ${from}${end} to none`;
  return field;
}

/** What the sentence says the action was done to (after its verb). */
function objectOf(facts: AuditFacts, action: AuditAction, name: string | null): string {
  const { subject, fields } = facts;
  const table = TABLES[facts.table] ?? {
    thing: 'other',
    noun: `record (${facts.table.replaceAll('_', ' ')})`,
  };
  const gateway = text(subject?.gateway);
  const onGateway = gateway ? ` (gateway ${gateway})` : '';
  const lock = `${text(subject?.lock) ?? 'a lock'}${onGateway}`;
  const lockUser = name ? `the lock user ${quoted(name)}` : 'a lock user';
  const the = (noun: string) => (name ? `the ${noun} ${quoted(name)}` : `a ${noun}`);
  switch (action) {
    case 'unlocked':
    case 'locked':
      return lock;
    case 'commanded': {
      const command = humanize(text(fields.action) ?? text(fields.type) ?? table.noun);
      return `${quoted(command)} to ${gateway ? `the gateway ${quoted(gateway)}` : 'a gateway'}`;
    }
    case 'granted':
      return `${lockUser} access to ${lock}`;
    case 'revoked':
      return `${lockUser} to ${lock}`;
    case 'moved': {
      const { from, to } = subject?.moved ?? {};
      return `${the(table.noun)}${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}`;
    }
  }
  if (facts.table === 'customer_deletions') return the('customer');
  if (facts.table === 'locks') return name ? `the lock ${quoted(name)}${onGateway}` : `a lock${onGateway}`;
  const customer = text(subject?.customer) ?? text(facts.tenantName);
  const alert = text(subject?.alert);
  const owner =
    table.of === 'gateway' && gateway
      ? ` of the gateway ${quoted(gateway)}`
      : table.of === 'customer' && customer
        ? ` of ${customer}`
        : table.of === 'alert' && alert
          ? ` of the alert ${quoted(alert)}`
          : '';
  return `${name || !owner ? the(table.noun) : `the ${table.noun}`}${owner}`;
}

/** The row described, and told as one sentence. */
export function describeAudit(facts: AuditFacts): AuditDescription {
  const [action, thing] = facts.kind.split(':') as [AuditAction, AuditThing];
  const actor =
    text(facts.subject?.actor) ??
    text(facts.actorEmail) ??
    (facts.actorUserId ? 'A removed user' : 'Someone not signed in');
  const name = nameOf(facts);
  const told = action === 'changed' ? changesOf(facts) : [];
  const object = objectOf(facts, action, name);
  const withUnit = (value: string | null, unit: string) =>
    value !== null && unit ? `${value} ${unit}` : value;
  return {
    action,
    thing,
    actor,
    name,
    gateway: text(facts.subject?.gateway),
    changes: told.map(({ field, from, to, unit }) => ({
      field,
      from: withUnit(from, unit),
      to: withUnit(to, unit),
    })),
    text: `${actor} ${VERBS[action]} ${object}${told.length ? ` ${list.format(told.map(changeText))}` : ''}`,
  };
}
