import { AUDIT_ACTIONS, AUDIT_THINGS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import en from './locales/en.json';

describe('the Activity filters’ labels', () => {
  it('names every kind of thing and action in English as the contract does, and in German', () => {
    expect(en.things).toEqual(AUDIT_THINGS);
    expect(en.actions).toEqual(AUDIT_ACTIONS);
    expect(Object.keys(de.things)).toEqual(Object.keys(AUDIT_THINGS));
    expect(Object.keys(de.actions)).toEqual(Object.keys(AUDIT_ACTIONS));
  });
});
