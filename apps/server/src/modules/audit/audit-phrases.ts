import {
  AUDIT_ACTIONS,
  AUDIT_THINGS,
  type AuditAction,
  type AuditChange,
  type AuditDescription,
  type AuditThing,
  type Language,
  LOCK_ALERT_TYPE_NAMES,
  SENSOR_ALERT_TYPE_INFO,
} from '@portal/contract';
import type { AuditSubject } from '../../db/schema-audit.ts';
import {
  ARTICLES,
  GERMAN_FIELD_LABELS,
  GERMAN_NOUNS,
  GERMAN_THINGS,
  GERMAN_VERBS,
  type Gender,
} from './audit-words.de.ts';

/**
 * The Activity screen's one phrase builder (docs/audit.md, "In people's words"): an audit row, with the names
 * its trigger kept (`subject`), told as a sentence: "Rita Meyer unlocked Door 12 (gateway Demo Gateway 3)",
 * "Root Administrator changed the alert 'High CO2' threshold from 1,000 to 1,200 ppm". The kind of action and
 * of thing comes from the repository's SQL, made from ACTION_RULES, OPERATION_ACTIONS and TABLES below, so
 * the filters and the search see the rows as this file tells them. Each language tells the same parts with its
 * own words (ENGLISH and GERMAN below; the German vocabulary in audit-words.de.ts; docs/audit.md).
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
  api_keys: { thing: 'apiKey', noun: 'API key', of: 'customer' },
  webhooks: { thing: 'webhook', noun: 'webhook', of: 'customer' },
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
  // A key's use is written at most once a minute (docs/api-keys.md); its revocation is not a deletion.
  { table: 'api_keys', operation: 'UPDATE', changed: 'revoked_at', action: 'revokedKey', thing: 'apiKey' },
  { table: 'api_keys', operation: 'UPDATE', changed: 'last_used_at', action: 'used', thing: 'apiKey' },
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
  used: 'used',
  revokedKey: 'revoked',
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

/** 'SCAN' -> 'Scan', 'FORCE-IDLE' -> 'Force idle', 'CAMERA_CAPTURE' -> 'Camera capture'. */
const humanize = (code: string) => {
  const words = code.toLowerCase().replaceAll(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * What the search finds for one word: the actions whose verb or label, the things whose label, the tables
 * whose noun and the fields whose label hold it, in any language the sentences are told in (names are
 * searched in SQL).
 */
export function wordsMatching(word: string) {
  const w = word.toLowerCase();
  const has = (text: string | undefined) => text?.toLowerCase().includes(w) ?? false;
  const tellers = Object.values(TELLERS);
  return {
    actions: (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter(
      (a) => has(AUDIT_ACTIONS[a]) || tellers.some((teller) => has(teller.verbs[a])),
    ),
    things: (Object.keys(AUDIT_THINGS) as AuditThing[]).filter(
      (t) => has(AUDIT_THINGS[t]) || has(GERMAN_THINGS[t]),
    ),
    tables: Object.keys(TABLES).filter((table) => has(TABLES[table]!.noun) || has(GERMAN_NOUNS[table]?.noun)),
    fields: [...new Set([...Object.keys(FIELD_LABELS), ...Object.keys(GERMAN_FIELD_LABELS)])].filter(
      (field) => has(FIELD_LABELS[field]) || has(GERMAN_FIELD_LABELS[field]),
    ),
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

function unitOf(field: string, fields: Record<string, unknown>): string {
  if (field === 'threshold') {
    const info = SENSOR_ALERT_TYPE_INFO[fields.alert_type as keyof typeof SENSOR_ALERT_TYPE_INFO];
    return info?.unit ?? '';
  }
  if (field === 'battery_level') return '%';
  if (field === 'waiting_time') return 's';
  return '';
}

/** One changed field as a sentence tells it: its label, the values shown (null: not shown) and the unit. */
interface Told extends AuditChange {
  unit: string;
}

/** What a sentence says of a row, whatever its language: the thing and the names around it. */
interface Parts {
  action: AuditAction;
  table: string;
  /** The thing's own name. */
  name: string | null;
  gateway: string | null;
  lock: string | null;
  customer: string | null;
  alert: string | null;
  /** A command's code ('FORCE-IDLE'), when the row has one. */
  command: string | null;
  moved: { from?: string; to?: string };
}

/** How one language tells a row (docs/audit.md, "In people's words"; docs/i18n.md). */
interface Teller {
  locale: string;
  verbs: Readonly<Record<AuditAction, string>>;
  yes: string;
  no: string;
  /** The actor of a row of a user deleted since, and of a row with no one signed in. */
  removedUser: string;
  notSignedIn: string;
  fieldLabel(field: string): string;
  /** One change: 'threshold from 1,000 to 1,200 ppm'. */
  change(told: Told): string;
  /** What the action was done to (after its verb). */
  object(parts: Parts): string;
  sentence(actor: string, verb: string, object: string, changes: readonly string[]): string;
}

/** English: the sentence as the spec's screens speak ("Rita Meyer unlocked Door 12 (gateway Demo Gateway 3)"). */
const ENGLISH: Teller = {
  locale: 'en-US',
  verbs: VERBS,
  yes: 'yes',
  no: 'no',
  removedUser: 'A removed user',
  notSignedIn: 'Someone not signed in',
  fieldLabel: (field) => FIELD_LABELS[field] ?? field.replaceAll('_', ' '),
  change: ({ field, from, to, unit }) => {
    const end = unit ? ` ${unit}` : '';
    if (from !== null && to !== null) return `${field} from ${from} to ${to}${end}`;
    if (to !== null) return `${field} to ${to}${end}`;
    if (from !== null) return `${field} from ${from}${end} to none`;
    return field;
  },
  object: ({ action, table: tableName, name, gateway, lock: lockName, customer, alert, command, moved }) => {
    const table = TABLES[tableName] ?? { noun: `record (${tableName.replaceAll('_', ' ')})` };
    const onGateway = gateway ? ` (gateway ${gateway})` : '';
    const lock = `${lockName ?? 'a lock'}${onGateway}`;
    const lockUser = name ? `the lock user ${quoted(name)}` : 'a lock user';
    const the = (noun: string) => (name ? `the ${noun} ${quoted(name)}` : `a ${noun}`);
    switch (action) {
      case 'unlocked':
      case 'locked':
        return lock;
      case 'commanded':
        return `${quoted(humanize(command ?? table.noun))} to ${gateway ? `the gateway ${quoted(gateway)}` : 'a gateway'}`;
      case 'granted':
        return `${lockUser} access to ${lock}`;
      case 'revoked':
        return `${lockUser} to ${lock}`;
      case 'moved':
        return `${the(table.noun)}${moved.from ? ` from ${moved.from}` : ''}${moved.to ? ` to ${moved.to}` : ''}`;
    }
    if (tableName === 'customer_deletions') return the('customer');
    if (tableName === 'locks') return name ? `the lock ${quoted(name)}${onGateway}` : `a lock${onGateway}`;
    const of = TABLES[tableName]?.of;
    const owner =
      of === 'gateway' && gateway
        ? ` of the gateway ${quoted(gateway)}`
        : of === 'customer' && customer
          ? ` of ${customer}`
          : of === 'alert' && alert
            ? ` of the alert ${quoted(alert)}`
            : '';
    return `${name || !owner ? the(table.noun) : `the ${table.noun}`}${owner}`;
  },
  sentence: (actor, verb, object, changes) =>
    `${actor} ${verb} ${object}${changes.length ? ` ${new Intl.ListFormat('en', { type: 'conjunction' }).format(changes)}` : ''}`,
};

/**
 * German: the same parts in the simple past, the object in the accusative ("Rita Meyer entsperrte Door 12
 * (Gateway Demo Gateway 3)", "root änderte den Alarm 'High CO2': Schwellwert von 1.000 auf 1.200 ppm").
 */
const GERMAN: Teller = {
  locale: 'de-DE',
  verbs: GERMAN_VERBS,
  yes: 'ja',
  no: 'nein',
  removedUser: 'Ein entfernter Benutzer',
  notSignedIn: 'Jemand ohne Anmeldung',
  fieldLabel: (field) => GERMAN_FIELD_LABELS[field] ?? field.replaceAll('_', ' '),
  change: ({ field, from, to, unit }) => {
    const end = unit ? ` ${unit}` : '';
    if (from !== null && to !== null) return `${field} von ${from} auf ${to}${end}`;
    if (to !== null) return `${field} auf ${to}${end}`;
    if (from !== null) return `${field} von ${from}${end} auf keinen Wert`;
    return field;
  },
  object: ({ action, table: tableName, name, gateway, lock: lockName, customer, alert, command, moved }) => {
    const { noun, gender }: { noun: string; gender: Gender } = GERMAN_NOUNS[tableName] ?? {
      noun: `Datensatz (${tableName.replaceAll('_', ' ')})`,
      gender: 'm',
    };
    const onGateway = gateway ? ` (Gateway ${gateway})` : '';
    const lock = `${lockName ?? 'ein Schloss'}${onGateway}`;
    const toLock = `${lockName ?? 'einem Schloss'}${onGateway}`;
    const toLockUser = name ? `dem Schlossbenutzer ${quoted(name)}` : 'einem Schlossbenutzer';
    const the = () =>
      name ? `${ARTICLES.the[gender]} ${noun} ${quoted(name)}` : `${ARTICLES.a[gender]} ${noun}`;
    switch (action) {
      case 'unlocked':
      case 'locked':
        return lock;
      case 'commanded':
        return `${quoted(humanize(command ?? noun))} an ${gateway ? `das Gateway ${quoted(gateway)}` : 'ein Gateway'}`;
      case 'granted':
        return `${toLockUser} Zugang zu ${toLock}`;
      case 'revoked':
        return `${toLockUser} den Zugang zu ${toLock}`;
      case 'moved':
        return `${the()}${moved.from ? ` von ${moved.from}` : ''}${moved.to ? ` nach ${moved.to}` : ''}`;
    }
    if (tableName === 'customer_deletions') return name ? `den Kunden ${quoted(name)}` : 'einen Kunden';
    if (tableName === 'locks')
      return name ? `das Schloss ${quoted(name)}${onGateway}` : `ein Schloss${onGateway}`;
    const of = TABLES[tableName]?.of;
    const owner =
      of === 'gateway' && gateway
        ? ` des Gateways ${quoted(gateway)}`
        : of === 'customer' && customer
          ? ` von ${customer}`
          : of === 'alert' && alert
            ? ` des Alarms ${quoted(alert)}`
            : '';
    return `${name || !owner ? the() : `${ARTICLES.the[gender]} ${noun}`}${owner}`;
  },
  sentence: (actor, verb, object, changes) =>
    `${actor} ${verb} ${object}${changes.length ? `: ${new Intl.ListFormat('de', { type: 'conjunction' }).format(changes)}` : ''}`,
};

const TELLERS: Readonly<Record<Language, Teller>> = { en: ENGLISH, de: GERMAN };

/** A field's value as a sentence shows it; null when it is not shown (a secret, an id, a long value). */
function shown(value: unknown, teller: Teller): string | null {
  if (value === undefined || value === null || value === '[redacted]') return null;
  if (typeof value === 'boolean') return value ? teller.yes : teller.no;
  if (typeof value === 'number') return new Intl.NumberFormat(teller.locale).format(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    const joined = value.join(', ');
    return joined.length <= LONGEST_VALUE && !value.some((v) => UUID.test(v)) ? joined : null;
  }
  if (typeof value !== 'string' || UUID.test(value) || value.length > LONGEST_VALUE) return null;
  return value;
}

/** The changed fields that matter, with their values before and after as shown. */
function changesOf(facts: AuditFacts, teller: Teller): Told[] {
  const changes: Told[] = [];
  for (const [field, change] of Object.entries(facts.summary)) {
    if (UNTOLD.test(field)) continue;
    const moved = field === 'tenant_id';
    changes.push({
      field: teller.fieldLabel(field),
      from: moved ? text(facts.subject?.moved?.from) : shown(change.from, teller),
      to: moved ? text(facts.subject?.moved?.to) : shown(change.to, teller),
      unit: unitOf(field, facts.fields),
    });
  }
  return changes;
}

/**
 * The row described, and told as one sentence in the language given (the caller's: the Activity screen asks
 * in the language it shows; English when none is given).
 */
export function describeAudit(facts: AuditFacts, language: Language = 'en'): AuditDescription {
  const teller = TELLERS[language];
  const [action, thing] = facts.kind.split(':') as [AuditAction, AuditThing];
  const { subject, fields } = facts;
  const actor =
    text(subject?.actor) ??
    text(facts.actorEmail) ??
    (facts.actorUserId ? teller.removedUser : teller.notSignedIn);
  const name = nameOf(facts);
  const told = action === 'changed' ? changesOf(facts, teller) : [];
  const object = teller.object({
    action,
    table: facts.table,
    name,
    gateway: text(subject?.gateway),
    lock: text(subject?.lock),
    customer: text(subject?.customer) ?? text(facts.tenantName),
    alert: text(subject?.alert),
    command: text(fields.action) ?? text(fields.type),
    moved: subject?.moved ?? {},
  });
  const withUnit = (value: string | null, unit: string) =>
    value !== null && unit ? `${value} ${unit}` : value;
  return {
    action,
    thing,
    actor,
    name,
    gateway: text(subject?.gateway),
    changes: told.map(({ field, from, to, unit }) => ({
      field,
      from: withUnit(from, unit),
      to: withUnit(to, unit),
    })),
    text: teller.sentence(actor, teller.verbs[action], object, told.map(teller.change)),
  };
}
