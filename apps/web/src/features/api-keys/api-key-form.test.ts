import { describe, expect, it } from 'vitest';
import { canCreate, createBody, createsHere, offeredPermissions, toggled } from './api-key-form.ts';

describe('the API key dialog', () => {
  it("offers only the user's own permissions, never the live channel's, the password's or the keys' own", () => {
    const offered = offeredPermissions([
      'IOT_DEVICE_READ',
      'GATEWAY_WRITE',
      'MQTT_AUTH',
      'PORTAL_USER_PASSWORD_CHANGE',
      'API_KEY_WRITE',
    ]);
    // GATEWAY_WRITE grants GENERATE_GATEWAY_TOKEN, so it is offered too.
    expect(offered).toEqual(['IOT_DEVICE_READ', 'GATEWAY_WRITE', 'GENERATE_GATEWAY_TOKEN']);
  });

  it('needs a name and a permission', () => {
    const draft = { name: 'CI', permissions: ['IOT_DEVICE_READ'], expiryDays: 30 as const };
    expect(canCreate(draft)).toBe(true);
    expect(canCreate({ ...draft, name: '   ' })).toBe(false);
    expect(canCreate({ ...draft, name: 'x'.repeat(101) })).toBe(false);
    expect(canCreate({ ...draft, name: 'x'.repeat(100) })).toBe(true);
    expect(canCreate({ ...draft, permissions: [] })).toBe(false);
  });

  it('sends the expiry as a time that many days ahead, and the name trimmed', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(createBody({ name: ' CI ', permissions: ['IOT_DEVICE_READ'], expiryDays: 7 }, now)).toEqual({
      name: 'CI',
      permissions: ['IOT_DEVICE_READ'],
      expiresAt: '2026-01-08T00:00:00.000Z',
    });
  });

  it('ticks and unticks in the offered order', () => {
    const offered = ['A', 'B', 'C'];
    expect(toggled(offered, ['C'], 'A')).toEqual(['A', 'C']);
    expect(toggled(offered, ['A', 'C'], 'A')).toEqual(['C']);
  });

  it("creates only in the user's own customer", () => {
    expect(createsHere({ tenantId: 't1', user: { scopeId: 't1' } })).toBe(true);
    expect(createsHere({ tenantId: 't2', user: { scopeId: 't1' } })).toBe(false);
    expect(createsHere({ tenantId: 't1', user: null })).toBe(false);
  });
});
