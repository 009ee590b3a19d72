/** Agent configuration (agent-config.ts): its limits, fixed values and messages. */

/** Spec 002 section 5, the ranges (seconds unless said). */
export const AGENT_CONFIG_LIMITS = {
  lteKeepAlive: { min: 30, max: 600 },
  mqttPort: { min: 2000, max: 9999 },
  keepAlive: { min: 30, max: 60 },
  ackTimeout: { min: 30, max: 120 },
  watchdog: { min: 30, max: 60 },
  apiTimeout: { min: 1, max: 60 },
  logSize: { min: 1_000_000, max: 10_000_000 },
  elkPort: { min: 2000, max: 9999 },
  poll: { min: 1, max: 30 },
  /** Record, post and CCF frequencies: at most this, multiples of the poll value. */
  frequencyMax: 900,
  /** Config version: up to 5 digits. */
  cfvMax: 99_999,
  /** Text settings (hosts, paths, names). */
  textMax: 200,
  secretMax: 128,
} as const;

/** What a secret is shown as once set: the browser never receives its value. Sent back unchanged = keep it. */
export const SECRET_MASK = '********';
export const LOG_LEVELS = ['ERROR', 'WARN', 'INFO', 'DEBUG'] as const;
export const PAYLOAD_ORDERS = ['ASC', 'DESC'] as const;

/** Spec 002 section 8, verbatim; the others are ours. */
export const agentConfigMessages = {
  updated: 'Successfully updated agent config data.',
  updateFailed: 'Failed to updated agent config data.',
  reset: 'Successfully updated agent config data to default.',
  resetFailed: 'Failed to update agent config data to default.',
  loadFailed: 'Failed to load agent config data.',
  changedMeanwhile: 'The agent configuration was changed meanwhile: reload it and apply again.',
  nothingChanged: 'Nothing differs from the current agent configuration.',
  resetAtDefault: 'The agent configuration is already the default.',
  reverted: (cfv: number) => `Went back to version ${cfv}.`,
  unknownVersion: 'No such version of the agent configuration.',
  versionLimit: 'The configuration version cannot exceed 99999.',
  invalidEmail: 'Enter a valid email.',
  required: 'Required.',
  wholeNumber: 'Enter a whole number.',
  range: (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`,
  rangeIn: (min: number, max: number, unit: string) => `Enter a whole number from ${min} to ${max} ${unit}.`,
} as const;
