import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('audit and feedback configuration', () => {
  it('keeps audit rows 365 days by default; takes 1 to 36500 days and refuses beyond', () => {
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '1' }).AUDIT_RETENTION_DAYS).toBe(1);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '36500' }).AUDIT_RETENTION_DAYS).toBe(36500);
    for (const bad of ['0', '36501', '1.5', 'year'])
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad })).toThrow(ConfigError);
  });

  it('mails feedback to FEEDBACK_EMAIL when it is an address', () => {
    expect(loadConfig({}).FEEDBACK_EMAIL).toBeUndefined();
    expect(loadConfig({ FEEDBACK_EMAIL: 'support@vendor.test' }).FEEDBACK_EMAIL).toBe('support@vendor.test');
    expect(() => loadConfig({ FEEDBACK_EMAIL: 'support' })).toThrow(/FEEDBACK_EMAIL/);
  });
});
