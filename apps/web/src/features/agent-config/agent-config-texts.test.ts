import { AGENT_CONFIG_FORM } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import german from './locales/de.json';
import english from './locales/en.json';

type Fields = Record<string, Record<string, string>>;

describe('agent configuration form texts', () => {
  it("name every group and field in English as the contract's form does", () => {
    for (const { group, title, fields } of AGENT_CONFIG_FORM) {
      expect(english.groups[group]).toBe(title);
      expect(Object.keys((english.fields as Fields)[group] ?? {})).toEqual(fields.map((field) => field.key));
      for (const field of fields) expect((english.fields as Fields)[group]?.[field.key]).toBe(field.label);
    }
    expect(Object.keys(english.groups)).toEqual(AGENT_CONFIG_FORM.map((form) => form.group));
  });

  it('have German for each of them', () => {
    for (const { group, fields } of AGENT_CONFIG_FORM)
      for (const field of fields) expect((german.fields as Fields)[group]?.[field.key]).toBeTruthy();
    expect(german.groups.logging).toBe('Protokollierung');
  });
});
