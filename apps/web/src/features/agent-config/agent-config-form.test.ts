import { AGENT_CONFIG_DEFAULTS, type AgentConfig, SECRET_MASK } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  formValuesOf,
  frequencyOptions,
  isBlockedNumberKey,
  isChanged,
  secretIsSet,
  toInput,
  validate,
} from './agent-config-form.ts';

const loaded: AgentConfig = {
  cfv: 3,
  ...structuredClone(AGENT_CONFIG_DEFAULTS),
  mqtt: { ...AGENT_CONFIG_DEFAULTS.mqtt, mcpwd: SECRET_MASK },
};
const field = (key: string, from: 'pti' | 'dpf') => ({ key, label: key, kind: 'frequency' as const, from });

describe('agent configuration form', () => {
  it('starts valid and unchanged, secrets empty and known as set', () => {
    const values = formValuesOf(loaded);
    expect(validate(loaded, values).errors).toEqual({});
    expect(isChanged(values, formValuesOf(loaded))).toBe(false);
    expect(values.mqtt.mcpwd).toBe('');
    expect(secretIsSet(loaded, 'mqtt', 'mcpwd')).toBe(true);
    expect(secretIsSet(loaded, 'auth', 'pwd')).toBe(false);
  });

  it('keeps an untouched secret (sent masked) and sends one typed anew; leaves apiwti out', () => {
    const values = formValuesOf(loaded);
    const kept = toInput(loaded, values) as AgentConfig;
    expect(kept.mqtt.mcpwd).toBe(SECRET_MASK);
    expect('apiwti' in kept.apiData).toBe(false);
    values.auth.pwd = 'New-Pass-1';
    expect(isChanged(formValuesOf(loaded), values)).toBe(true);
    expect((toInput(loaded, values) as AgentConfig).auth.pwd).toBe('New-Pass-1');
  });

  it('flags each range at both bounds, text in a number field, and a bad e-mail', () => {
    const cases: [string, string, string, boolean][] = [
      ['mqtt', 'mat', '30', true],
      ['mqtt', 'mat', '29', false],
      ['mqtt', 'mat', '600', true],
      ['mqtt', 'mat', '601', false],
      ['mqtt', 'mprt', '1999', false],
      ['mqtt', 'mprt', '9999', true],
      ['logging', 'lsze', '999999', false],
      ['logging', 'lsze', '10000000', true],
      ['poll', 'pti', '31', false],
      ['mqtt', 'mprt', '1e3', false],
      ['mqtt', 'mprt', '', false],
      ['auth', 'eml', 'ops@fleet', false],
      ['auth', 'eml', 'ops@fleet.io', true],
      ['s3BKT', 'nme', '', false],
    ];
    for (const [group, key, value, ok] of cases) {
      const values = formValuesOf(loaded);
      (values as Record<string, Record<string, string | boolean>>)[group]![key] = value;
      const { errors } = validate(loaded, values);
      expect(errors[`${group}.${key}`] === undefined, `${group}.${key}=${value}`).toBe(ok);
    }
  });

  it('offers the record, post and CCF frequencies as multiples of the poll value', () => {
    const values = formValuesOf(loaded);
    values.poll.pti = '30';
    values.poll.dpf = '60';
    expect(frequencyOptions(values, field('dpf', 'pti'))).toEqual(
      Array.from({ length: 30 }, (_, i) => (i + 1) * 30),
    );
    expect(frequencyOptions(values, field('ppf', 'dpf'))[0]).toBe(60);
    expect(frequencyOptions(values, field('ppf', 'dpf')).at(-1)).toBe(900);
    values.poll.pti = '7';
    expect(frequencyOptions(values, field('dpf', 'pti')).at(-1)).toBe(896);
    values.poll.dpf = '10';
    expect(validate(loaded, values).errors['poll.dpf']).toMatch(/multiple/);
  });

  it('blocks e, E, +, - and the decimal point in number fields', () => {
    expect(['e', 'E', '+', '-', '.'].every(isBlockedNumberKey)).toBe(true);
    expect(isBlockedNumberKey('5')).toBe(false);
  });
});
