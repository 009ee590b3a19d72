import {
  AGENT_CONFIG_SECRETS,
  type AgentConfigInput,
  type AgentConfigValues,
  isAgentConfigSecret,
  SECRET_MASK,
} from '@portal/contract';

/**
 * Version 1 of every customer: what a fleet runs with until its operator changes it (docs/agent-config.md says
 * why each). Secrets have no default: empty means not set, and the gateways keep their own.
 */
export const DEFAULT_AGENT_CONFIG: AgentConfigValues = {
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

type Groups = Record<string, Record<string, unknown>>;
const clone = <T>(value: T): T => structuredClone(value);

/** A copy with every secret passed through `change` (seal, open, mask). */
export function mapSecrets(values: AgentConfigValues, change: (value: string) => string): AgentConfigValues {
  const copy = clone(values) as unknown as Groups;
  for (const [group, key] of AGENT_CONFIG_SECRETS) {
    const holder = copy[group];
    if (holder) holder[key] = change(String(holder[key] ?? ''));
  }
  return copy as unknown as AgentConfigValues;
}

/** What the browser sees of a secret: SECRET_MASK when set, '' when not. */
export const maskSecret = (value: string) => (value === '' ? '' : SECRET_MASK);

/** The configuration as typed, on top of the current one: a masked secret and a left-out `apiwti` are kept. */
export function mergeInput(input: AgentConfigInput, current: AgentConfigValues): AgentConfigValues {
  const { cfv: _version, ...groups } = input;
  const merged = clone(groups) as unknown as Groups;
  const currentGroups = current as unknown as Groups;
  for (const [group, key] of AGENT_CONFIG_SECRETS) {
    const holder = merged[group];
    if (holder && holder[key] === SECRET_MASK) holder[key] = currentGroups[group]?.[key] ?? '';
  }
  const apiData = merged.apiData as { apito: number; apiwti?: number };
  if (apiData.apiwti === undefined) apiData.apiwti = current.apiData.apiwti;
  return merged as unknown as AgentConfigValues;
}

export interface AgentConfigChange {
  group: string;
  key: string;
  from: unknown;
  to: unknown;
}

/** Every setting that differs, secrets masked (set or not), never their values. */
export function changesBetween(before: AgentConfigValues, after: AgentConfigValues): AgentConfigChange[] {
  const changes: AgentConfigChange[] = [];
  const a = before as unknown as Groups;
  const b = after as unknown as Groups;
  for (const group of Object.keys(b)) {
    for (const key of Object.keys(b[group] ?? {})) {
      const from = a[group]?.[key];
      const to = b[group]?.[key];
      if (from === to) continue;
      changes.push(
        isAgentConfigSecret(group, key)
          ? { group, key, from: maskSecret(String(from ?? '')), to: maskSecret(String(to ?? '')) }
          : { group, key, from, to },
      );
    }
  }
  return changes;
}

/** The secrets of `current` on top of `values` (a reset keeps them: they have no default). */
export function withSecretsOf(values: AgentConfigValues, current: AgentConfigValues): AgentConfigValues {
  const copy = clone(values) as unknown as Groups;
  const from = current as unknown as Groups;
  for (const [group, key] of AGENT_CONFIG_SECRETS) {
    const holder = copy[group];
    if (holder) holder[key] = from[group]?.[key] ?? '';
  }
  return copy as unknown as AgentConfigValues;
}
