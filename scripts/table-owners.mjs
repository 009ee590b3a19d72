// One owner per table (DESIGN.md section 11, issue 28), checked by `npm run check:tables` in `npm test`
// (scripts/check-table-owners.mjs). A module owns the tables it writes and is the only one naming them in SQL;
// another module calls the owner's service or a port the owner publishes. Every table the migrations create
// has exactly one owner here, so a new table must be given one.
//
// READ_MODELS is the only way around the rule for reads: a module whose one statement must read another module's table
// (a join, a filter of its own rows by the other's, a count across the house), each with its reason. It never
// allows a write: INSERT, UPDATE, DELETE or MERGE on another module's table fails the check whatever is here.

/** module (a folder under apps/server/src/modules, or an infrastructure folder) -> the tables it owns */
export const OWNERS = {
  tenants: ['tenants'],
  users: ['users'],
  auth: ['sessions', 'mqtt_tokens', 'trusted_devices', 'login_challenges'],
  passwords: ['one_time_links'],
  throttle: ['auth_throttle', 'auth_address_failures', 'auth_address_turns'],
  activities: ['activities'],
  social: ['oidc_requests'],
  mail: ['outbox'],
  'email-templates': ['email_templates'],
  feedback: ['feedback'],
  audit: ['audit_log', 'audit_settings'],
  'portal-config': ['portal_config'],
  'customer-deletion': ['customer_deletions'],
  gateways: ['gateways', 'gateway_connection_log'],
  // Kept by a trigger on `gateways` (migration 0020), read by the dashboards only.
  dashboards: ['gateway_departures'],
  telemetry: ['telemetry', 'telemetry_latest', 'telemetry_1m', 'telemetry_1h', 'gateway_events'],
  'gateway-commands': ['gateway_command_log', 'gateway_scans', 'gateway_hotspot_changes'],
  instructions: ['instructions', 'device_logs'],
  locks: ['locks', 'lock_events', 'lock_mode_slots'],
  'lock-users': ['lock_users'],
  'lock-access': ['lock_user_access', 'lock_command_slots', 'passcode_changes'],
  alerts: ['alerts', 'alert_receivers'],
  'alert-engine': ['alert_incidents', 'alert_notifications', 'alert_camera_states'],
  firmware: [
    'firmware_files',
    'firmware_assignments',
    'firmware_latest',
    'firmware_maintenance_windows',
    'firmware_rollouts',
    'firmware_rollout_targets',
  ],
  'agent-config': ['agent_configs', 'agent_config_versions', 'agent_config_delivery'],
  // Infrastructure, not a module: the external broker's session heartbeats (mqtt/session-takeover.ts).
  'mqtt/': ['broker_sessions'],
};

const reach =
  'the caller reach check: rows of this module filtered by the customer tree in the same statement';

/**
 * module -> { table of another module -> why this module's statements read it }. Reads only.
 * `gateways` and `tenants` are the common ones: most rows belong to a gateway or a customer, and a list is
 * filtered by the caller's reach (tenant subtree) in its own statement rather than by a second round trip.
 */
export const READ_MODELS = {
  'agent-config': {
    gateways: 'delivery targets: the connected gateways of a customer, joined with their delivery rows',
  },
  'alert-engine': {
    gateways: 'incidents are raised per gateway: its customer and connection state read with the rule scan',
    tenants: reach,
    locks: 'lock alerts name the lock and its gateway in the same incident statement',
    lock_events: 'lock alerts are raised from the lock event history (battery, jam) in one scan',
    outbox: 'incident detail shows each notification with its delivery state (sent, failed) from the outbox',
  },
  alerts: {
    gateways: 'an alert rule on gateways is validated against the gateways the caller reaches',
    tenants: reach,
    users: 'receivers are portal users: their e-mail and phone listed with the rule in one statement',
  },
  audit: { tenants: reach },
  auth: {
    tenants: 'the session lookup reads the user with its tenant row in one statement (docs/architecture.md)',
    users: 'the session lookup reads the user with its session in one statement, on every request',
  },
  'customer-deletion': {
    tenants: 'the job reads the customer and its parent chain it deletes',
    users: 'the last step counts users, gateways and children in its own transaction before the delete',
    gateways: 'the last step counts users, gateways and children in its own transaction before the delete',
  },
  dashboards: {
    gateways: 'dashboard counts aggregate the fleet per customer in one statement',
    tenants: reach,
    locks: 'dashboard counts aggregate the locks per customer in one statement',
    lock_user_access: 'dashboard counts the access rows per state in one statement',
    telemetry_1h: 'dashboard tiles read the hourly rollups of the customer gateways',
  },
  'email-templates': { tenants: "mails are rendered in the recipient's customer colours" },
  feedback: { tenants: 'the feedback list names the sender customer' },
  firmware: {
    gateways: 'rollout targets are chosen from gateways (model, version, connection) in one statement',
    gateway_connection_log: 'a rollout stage is judged by the reconnects of its targets after the update',
    telemetry: 'a rollout stage is judged by its targets sending samples again after the update',
    locks: 'a lock firmware rollout targets the locks behind the gateways',
    tenants: reach,
  },
  'gateway-commands': {
    gateway_connection_log: 'the activity feed merges the connection log, events and commands in one page',
    gateway_events: 'the activity feed merges the connection log, events and commands in one page',
  },
  gateways: {
    tenants: reach,
    telemetry_latest:
      'the gateway list sorts and shows each gateway newest sample (seek paging, migration 0024)',
  },
  'global-search': {
    gateways: 'one search statement over gateways, customers and users the caller reaches',
    tenants: 'one search statement over gateways, customers and users the caller reaches',
    users: 'one search statement over gateways, customers and users the caller reaches',
  },
  instructions: {
    gateways: 'an instruction is for a gateway: its customer (reach) and connection read with it',
  },
  'lock-access': {
    gateways: 'the ledger claims commands only for connected gateways, in the claiming statement',
    locks: 'ledger rows name their lock and its gateway in the claiming and listing statements',
    lock_users: 'ledger rows name their lock user in the listing statement',
    instructions: 'stale command slots are those whose instruction is no longer pending, in one statement',
  },
  'lock-users': {
    gateways: reach,
    tenants: 'the CSV import resolves customer ids to tenants in its transaction',
    locks: 'a lock user lists the locks it has access to, with their names',
    lock_user_access: 'a lock user lists its access rows and their delivery state',
    passcode_changes: 'the passcode history of a lock user, written by the ledger when a lock confirms',
  },
  locks: {
    gateways: reach,
    instructions: 'the lock history and mode queue show the instruction of each command',
    lock_users: 'a lock lists the users it holds, by name',
    lock_user_access: 'a lock lists the users it holds and the delivery state of each',
  },
  metrics: {
    gateways: 'Prometheus gauges: counts read at scrape time straight from each table (one statement)',
    tenants: 'Prometheus gauges: counts read at scrape time straight from each table (one statement)',
    outbox: 'Prometheus gauges: queue depths read at scrape time straight from each table (one statement)',
    instructions:
      'Prometheus gauges: queue depths read at scrape time straight from each table (one statement)',
    alert_incidents: 'Prometheus gauges: queue depths read at scrape time straight from each table',
    firmware_rollouts: 'Prometheus gauges: queue depths read at scrape time straight from each table',
  },
  'portal-config': { tenants: 'the portal configuration is resolved along the customer chain' },
  'graph-generator': {
    telemetry_1m: "the 'above a value' graphs read each gateway's lowest and highest per-minute rollup",
  },
  pump: { gateways: 'the pump dashboard lists the gateways of the caller reach that reported a pump' },
  telemetry: {
    gateway_connection_log: 'the chart marks when the gateway was offline, read with the samples',
  },
  tenants: {
    gateways: 'the customer list counts gateways (connected, firmware, OS) per customer in one statement',
    firmware_latest: 'the customer list compares each gateway version to the latest firmware',
    firmware_rollouts: 'the customer list shows a running rollout per customer',
    firmware_rollout_targets: 'the customer list shows a running rollout per customer',
  },
};

/**
 * Builder calls whose table is held in a variable (`insertInto(table)`): the check cannot read them, so each
 * is listed with the tables it may be. file (under apps/server/src/modules) -> why.
 */
export const DYNAMIC_TABLES = {
  'instructions/instructions.repository.ts':
    "un-registration deletes the gateway's rows from telemetry's tables (telemetry, telemetry_latest, " +
    "telemetry_1m, telemetry_1h, gateway_events), the gateways' connection log and its own instructions in one " +
    "transaction: writes to other modules' tables still to move behind ports that take the transaction",
  'telemetry/telemetry.repository.ts': "the rollup upsert into telemetry_1m or telemetry_1h, telemetry's own",
};

/**
 * Writes to another module's table not moved yet (issue 28): module -> { table -> what is left to do }. The
 * check passes on these and fails on any other such write, and on an entry here no longer found. Each runs in
 * a transaction (or one statement) of the writing module; moving it needs the owner to offer a port that
 * takes the caller's transaction, as `users.within(trx)` and `signIns.within(trx)` do.
 */
export const PENDING_WRITES = {
  'customer-deletion': {
    tenants:
      "each deletion step marks or deletes the tenant in the step's transaction with the job's progress",
    users:
      "each deletion step deletes the customer's users in the step's transaction with the job's progress",
    gateways:
      "each deletion step hands the gateways to root in the step's transaction with the job's progress",
  },
  instructions: {
    gateways: 'un-registration marks the gateway unregistered in the transaction that deletes its data',
  },
  'lock-access': {
    lock_mode_slots:
      "the ledger's claim takes one of the gateway's lock queue slots (locks' table) in its one claiming statement",
  },
};
