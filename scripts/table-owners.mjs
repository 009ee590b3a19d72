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
  tenants: ['tenants', 'customer_quotas', 'customer_api_calls'],
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
  telemetry: [
    'telemetry',
    'telemetry_default',
    'telemetry_latest',
    'telemetry_1m',
    'telemetry_1h',
    'gateway_events',
  ],
  'gateway-commands': ['gateway_command_log', 'gateway_scans', 'gateway_hotspot_changes'],
  instructions: ['instructions', 'device_logs'],
  locks: ['locks', 'lock_events', 'lock_mode_slots'],
  'lock-users': ['lock_users'],
  'lock-access': ['lock_user_access', 'lock_command_slots', 'passcode_changes'],
  alerts: ['alerts', 'alert_receivers', 'alert_routing'],
  'alert-engine': [
    'alert_incidents',
    'alert_notifications',
    'alert_camera_states',
    'alert_acknowledgements',
    'alert_digests',
  ],
  firmware: [
    'firmware_files',
    'firmware_assignments',
    'firmware_latest',
    'firmware_maintenance_windows',
    'firmware_rollouts',
    'firmware_rollout_targets',
  ],
  'agent-config': ['agent_configs', 'agent_config_versions', 'agent_config_delivery'],
  'api-keys': ['api_keys'],
  webhooks: ['webhooks', 'webhook_deliveries'],
  // Infrastructure, not a module: the external broker's session heartbeats (mqtt/session-takeover.ts).
  'mqtt/': ['broker_sessions'],
};

/**
 * module -> { table of another module -> why this module's statements read it }. Reads only: each is a join or
 * a sub-select inside one of the module's own statements, where asking the owner would be a second round trip
 * (a thread hop on PGlite) per row or per page, or would split one consistent read in two.
 */
export const READ_MODELS = {
  'agent-config': {
    gateways:
      "delivery: the customer's connected gateways a new version goes to now, with their delivery rows",
  },
  'alert-engine': {
    gateways: 'no-data candidates: connected gateways of the tenants that sent no sample since a time',
    tenants: "an incident's channels: the customers above the tenant (tenants.ancestors)",
    locks:
      "the shared-locker rule: distinct shared lockers of the tenant a card opened, joined with the events; a lock incident keeps the lock's name, read when it opens",
    lock_events:
      'the shared-locker rule: distinct shared lockers of the tenant a card opened, joined with the events',
    outbox:
      "an incident's notifications listed with their delivery state (sent, failed) from the mail outbox",
    users: "an acknowledgement keeps the acknowledging user's name, read in the acknowledging statement",
  },
  alerts: {
    gateways: "the alert command is published to each of the tenant's gateways (their MACs)",
    tenants: 'a rule is checked against its tenant (kind, support tenant) in the rule statements',
    users: 'receivers are portal users: their e-mail read with the rule',
  },
  'api-keys': {
    tenants: "the key lookup on every call made with a key reads the key's customer with it, as a session's",
    users:
      "the key lookup on every call made with a key reads its creator's permissions with it; the list names the creators",
  },
  audit: { tenants: 'the audit log page names the tenant of each row (left join, null once deleted)' },
  auth: {
    tenants: "the session lookup on every request reads the user's tenant with it (docs/architecture.md)",
    users: 'the session lookup on every request and broker check reads the user with its session',
  },
  'customer-deletion': {
    tenants: 'the job reads the customer, its parent and root, and counts its child tenants',
    users: 'the last step counts users, gateways and children in one statement of its own transaction',
    gateways: 'the last step counts them too, and lists the gateways it hands to root',
  },
  dashboards: {
    gateways: 'fleet figures per customer subtree (counts, map, CO2 bands) in one statement each',
    tenants: 'tenant names of the figures, and the subtree of the dashboard',
    locks: "lock figures: the subtree's locks, low batteries and undelivered credentials in one statement",
    lock_user_access: "lock figures: the subtree's undelivered credentials, counted with the locks",
    telemetry_1h: "CO2 bands: each gateway's hourly average since a time, from the rollups",
  },
  'email-templates': { tenants: "mails are rendered in the recipient's customer's name, colours and logo" },
  feedback: { tenants: "the feedback page names the sender's tenant (null once it is gone)" },
  firmware: {
    gateways: "a rollout's targets are picked from the gateways (model, reported version, customer)",
    gateway_connection_log: "a rollout wave's health: whether its targets came back online after the update",
    telemetry: "a rollout wave's health: whether its targets send samples again after the update",
    locks: 'a rollout wave of lock firmware: the locks behind the targets',
    tenants: "the root's firmware list names the customers",
  },
  'gateway-commands': {
    gateway_connection_log: "a gateway's activity feed merges connection changes, events and commands",
    gateway_events: "a gateway's activity feed merges connection changes, events and commands",
  },
  gateways: {
    tenants: "the gateway list sorts and filters by customer name; provisioning checks the tenant's status",
    telemetry_latest:
      'the gateway list sorts by a reading (CO2, temperature, last update): the newest sample',
  },
  'global-search': {
    gateways: 'one search statement: gateways matching customer, user or gateway fields',
    tenants: 'one search statement: gateways matching customer, user or gateway fields',
    users: "one search statement: gateways matching customer, user or gateway fields (a user's e-mail, name)",
  },
  'graph-generator': {
    telemetry_1m:
      "the 'above a value' graphs: each gateway's lowest and highest per-minute rollup in the range",
  },
  instructions: { gateways: 'an instruction is for a gateway: its customer and connection read with it' },
  'lock-access': {
    gateways: 'the ledger claims commands only for connected gateways, in its one claiming statement',
    locks: 'ledger rows with their lock and its gateway (claim, listing, reconciling an inventory)',
    lock_users: 'ledger rows with their lock user (listing, reconciling an inventory)',
    instructions: 'stale command slots: those whose instruction is no longer pending, in one statement',
  },
  'lock-users': {
    gateways: "a user's access rows with their lock and its gateway",
    tenants: 'the CSV import checks which customer ids exist',
    locks: "a user's access rows with their lock, and the users list's lock count",
    lock_user_access: "a user's access rows and their delivery state, and the users list's lock count",
    passcode_changes:
      'the passcode history page of a lock user (rows the ledger writes when a lock confirms)',
  },
  locks: {
    gateways: "locks are listed only behind a gateway of the same customer, in the list's statement",
    instructions:
      'the lock history and mode queue read the instruction of each command (value, pending or not)',
    lock_users: 'a lock history entry and a lock list the users they name, by name',
    users: 'a lock history entry of a portal lock/unlock names the portal user who asked',
    lock_user_access: 'a lock lists the users it holds and the delivery state of each',
  },
  metrics: {
    gateways: 'Prometheus: gateways connected now, read at scrape time',
    tenants: 'Prometheus: queue depths read at scrape time in one statement (customers waiting for deletion)',
    outbox: 'Prometheus: queue depths read at scrape time in one statement (mail and SMS outbox)',
    instructions: 'Prometheus: queue depths read at scrape time in one statement (pending instructions)',
    alert_incidents: 'Prometheus: queue depths read at scrape time in one statement (alert timers)',
    alert_digests: 'Prometheus: queue depths read at scrape time in one statement (digest windows due)',
    firmware_rollouts: 'Prometheus: queue depths read at scrape time in one statement (running rollouts)',
  },
  'portal-config': { tenants: 'every tenant of a subtree with its graph option (left join)' },
  pump: { gateways: 'the pump dashboard lists the gateways of the subtree that reported a pump' },
  telemetry: {
    gateway_connection_log: "a chart's online/offline transitions over its range, read with the samples",
    gateways: "a customer's stored-days quota: the MACs of its subtree's gateways whose old samples go",
  },
  tenants: {
    gateways:
      "the customers list: each tenant with its subtree's gateway figures in one grouped pass; a quota's use",
    lock_users: "a customer's lock-user quota: its subtree's live lock users, counted with its quotas",
    firmware_assignments:
      "the customers list: gateways running other versions than their customer's latest (not deleted)",
    firmware_files:
      "the customers list: gateways running other versions than their customer's latest (not deleted)",
    firmware_rollouts: "the customers list: a customer's rollout in progress",
    firmware_rollout_targets: "the customers list: a customer's rollout in progress",
  },
};

/**
 * Builder calls whose table is held in a variable (`insertInto(table)`): the check cannot read them, so each
 * is listed with the tables it may be. file (under apps/server/src/modules) -> why.
 */
export const DYNAMIC_TABLES = {};

/**
 * Writes to another module's table not moved yet (issue 28): module -> { table -> what is left to do }. The
 * check passes on these and fails on any other such write, and on an entry here no longer found. Each runs in
 * a transaction (or one statement) of the writing module; moving it needs the owner to offer a port that
 * takes the caller's transaction, as `users.within(trx)` and `signIns.within(trx)` do.
 */
export const PENDING_WRITES = {
  'lock-access': {
    lock_mode_slots:
      "the ledger's claim takes one of the gateway's lock queue slots (locks' table) in its one claiming statement",
  },
};
