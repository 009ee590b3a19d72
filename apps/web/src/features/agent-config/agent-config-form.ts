import {
  AGENT_CONFIG_FORM,
  type AgentConfig,
  type AgentConfigField,
  type AgentConfigGroup,
  type AgentConfigInput,
  agentConfigInput,
  frequencyChoices,
  SECRET_MASK,
} from '@portal/contract';

/** The form's values: numbers as typed (text), switches as booleans, secrets as typed anew ('' = keep). */
export type FormValues = Record<AgentConfigGroup, Record<string, string | boolean>>;
export type FormErrors = Record<string, string>;

/** Keys a number field refuses (spec 002 section 5): no exponent, sign or decimal point. */
export const BLOCKED_NUMBER_KEYS = ['e', 'E', '+', '-', '.'] as const;
export const isBlockedNumberKey = (key: string) => (BLOCKED_NUMBER_KEYS as readonly string[]).includes(key);
/** Pasted text a number field takes: digits only. */
export const isDigits = (text: string) => /^\d+$/.test(text);

export const fieldId = (group: string, key: string) => `${group}.${key}`;

/** The loaded configuration as form values: secrets start empty (shown as set or not set beside). */
export function formValuesOf(cfg: AgentConfig): FormValues {
  const values = {} as FormValues;
  for (const { group, fields } of AGENT_CONFIG_FORM) {
    const source = cfg[group] as Record<string, unknown>;
    values[group] = {};
    for (const field of fields) {
      const value = source[field.key];
      values[group][field.key] =
        field.kind === 'secret' ? '' : typeof value === 'boolean' ? value : String(value ?? '');
    }
  }
  return values;
}

/** Whether a secret is set on the server (the loaded value is the mask). */
export const secretIsSet = (cfg: AgentConfig, group: AgentConfigGroup, key: string) =>
  (cfg[group] as Record<string, unknown>)[key] === SECRET_MASK;

const NUMBER_KINDS = new Set<AgentConfigField['kind']>(['number', 'frequency']);

/** The request's `cfg`: numbers parsed strictly (anything but digits stays text and fails), secrets kept when empty. */
export function toInput(cfg: AgentConfig, values: FormValues): unknown {
  const input: Record<string, unknown> = { cfv: cfg.cfv };
  for (const { group, fields } of AGENT_CONFIG_FORM) {
    const loaded = cfg[group] as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      const value = values[group][field.key];
      if (field.kind === 'secret') out[field.key] = value === '' ? loaded[field.key] : value;
      else if (NUMBER_KINDS.has(field.kind))
        out[field.key] = typeof value === 'string' && isDigits(value) ? Number(value) : value;
      else out[field.key] = value;
    }
    input[group] = out;
  }
  // apiwti is hidden from the form: left out, the server keeps it.
  return input;
}

/** Every broken rule, by `group.key`, in the contract's words (the same schema as the server). */
export function validate(
  cfg: AgentConfig,
  values: FormValues,
): { input?: AgentConfigInput; errors: FormErrors } {
  const parsed = agentConfigInput.safeParse(toInput(cfg, values));
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const [group, key] = issue.path;
    if (typeof group === 'string' && typeof key === 'string') errors[fieldId(group, key)] ??= issue.message;
  }
  return { errors };
}

/** At least one value differs from the loaded configuration (a secret typed anew counts). */
export function isChanged(loaded: FormValues, values: FormValues): boolean {
  return AGENT_CONFIG_FORM.some(({ group, fields }) =>
    fields.some((field) => values[group][field.key] !== loaded[group][field.key]),
  );
}

/** What a frequency select offers: the multiples of the poll value from its lower bound (record or poll). */
export function frequencyOptions(values: FormValues, field: AgentConfigField): number[] {
  const pti = Number(values.poll.pti);
  if (!isDigits(String(values.poll.pti))) return [];
  const from = field.from === 'dpf' ? Number(values.poll.dpf) || pti : pti;
  return frequencyChoices(pti, from);
}
