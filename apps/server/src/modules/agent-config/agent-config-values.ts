import {
  AGENT_CONFIG_DEFAULTS,
  AGENT_CONFIG_SECRETS,
  type AgentConfigInput,
  type AgentConfigValues,
  isAgentConfigSecret,
  SECRET_MASK,
} from '@portal/contract';

/** Version 1 of every customer (contract: AGENT_CONFIG_DEFAULTS, docs/agent-config.md says why each). */
export const DEFAULT_AGENT_CONFIG: AgentConfigValues = AGENT_CONFIG_DEFAULTS;

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
