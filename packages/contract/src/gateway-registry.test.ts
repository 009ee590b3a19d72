import { describe, expect, it } from 'vitest';
import {
  deleteOfflineGatewaysBody,
  duplicateTag,
  gatewayAddress,
  gatewayName,
  gatewayTags,
  latestManufacturedMs,
  MANUFACTURED_MIN_MS,
  manufacturedDate,
  manufacturedDayToMs,
  gatewayRegistryMessages as messages,
  msToManufacturedDay,
  recentDataQuery,
  registerGatewayBody,
  typedMac,
  updateGatewayBody,
} from './gateway-registry.ts';

/** The first message a schema gives for `value`, or null when it accepts it. */
const problem = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error!.issues[0]!.message;
};

describe('gateway registration rules (spec 001 section 5)', () => {
  it('name: required, at most 40 characters', () => {
    expect(problem(gatewayName, '')).toBe(messages.nameRequired);
    expect(problem(gatewayName, '  ')).toBe(messages.nameRequired);
    expect(problem(gatewayName, 'a')).toBeNull();
    expect(problem(gatewayName, 'a'.repeat(40))).toBeNull();
    expect(problem(gatewayName, 'a'.repeat(41))).toBe(messages.nameTooLong);
  });

  it('street, city, state: at most 40; zip: at most 20', () => {
    for (const field of ['SRT', 'CTY', 'STATE']) {
      expect(problem(gatewayAddress, { [field]: 'x'.repeat(40) })).toBeNull();
      expect(problem(gatewayAddress, { [field]: 'x'.repeat(41) })).toBe(messages.addressTooLong);
    }
    expect(problem(gatewayAddress, { ZCODE: '1'.repeat(20) })).toBeNull();
    expect(problem(gatewayAddress, { ZCODE: '1'.repeat(21) })).toBe(messages.zipTooLong);
    expect(problem(gatewayAddress, {})).toBeNull();
  });

  it('manufactured date: from 2022-01-01 to today', () => {
    expect(MANUFACTURED_MIN_MS).toBe(manufacturedDayToMs('2022-01-01'));
    expect(problem(manufacturedDate, MANUFACTURED_MIN_MS)).toBeNull();
    expect(problem(manufacturedDate, MANUFACTURED_MIN_MS - 1)).toBe(messages.manufacturedTooEarly);
    expect(problem(manufacturedDate, manufacturedDayToMs(new Date().toISOString().slice(0, 10)))).toBeNull();
    expect(problem(manufacturedDate, latestManufacturedMs() + 60_000)).toBe(messages.manufacturedInFuture);
    expect(problem(manufacturedDate, undefined)).toBe(messages.manufacturedRequired);
    expect(msToManufacturedDay(manufacturedDayToMs('2024-02-29'))).toBe('2024-02-29');
  });

  it('tags: letters, digits and _-;#@ only, no duplicates', () => {
    expect(problem(gatewayTags, [])).toBeNull();
    expect(problem(gatewayTags, ['aZ09', '_-;#@', 'x'.repeat(40)])).toBeNull();
    for (const bad of ['with space', 'dot.', 'comma,', 'é', '']) {
      expect(problem(gatewayTags, [bad]), bad).toBe(messages.tagInvalid);
    }
    expect(problem(gatewayTags, ['x'.repeat(41)])).toBe(messages.tagTooLong);
    expect(problem(gatewayTags, ['a', 'b', 'a'])).toBe(messages.tagDuplicate);
    expect(problem(gatewayTags, ['a', 'A'])).toBeNull();
    expect(duplicateTag(['a', 'b', 'b'])).toBe('b');
    expect(duplicateTag(['a', 'b'])).toBeNull();
  });

  it('MAC: typed with or without separators, any case', () => {
    expect(typedMac.parse('aa:bb:cc:dd:ee:0f')).toBe('AABBCCDDEE0F');
    expect(typedMac.parse('AA-BB-CC-DD-EE-0F')).toBe('AABBCCDDEE0F');
    expect(problem(typedMac, 'AABBCCDDEE0')).toBe('Invalid MAC address');
  });

  it('registration needs MAC, name, customer and manufactured date; tags and address are optional', () => {
    const body = { MAC: 'AABBCCDDEE0F', NAME: 'G', SID: crypto.randomUUID(), CRTD: MANUFACTURED_MIN_MS };
    expect(registerGatewayBody.parse(body)).toEqual({ ...body, tags: [], LCTN: {} });
    expect(registerGatewayBody.safeParse({ ...body, SID: 'nope' }).success).toBe(false);
    expect(updateGatewayBody.parse({})).toEqual({});
  });
});

describe('registry call limits', () => {
  it('deletes 1 to 10,000 gateways at once', () => {
    const scopeId = crypto.randomUUID();
    const macs = (n: number) =>
      Array.from({ length: n }, (_, i) => i.toString(16).toUpperCase().padStart(12, '0'));
    expect(deleteOfflineGatewaysBody.safeParse({ offlineGateways: [], scopeId }).success).toBe(false);
    expect(deleteOfflineGatewaysBody.safeParse({ offlineGateways: macs(1), scopeId }).success).toBe(true);
    expect(deleteOfflineGatewaysBody.safeParse({ offlineGateways: macs(10_000), scopeId }).success).toBe(
      true,
    );
    expect(deleteOfflineGatewaysBody.safeParse({ offlineGateways: macs(10_001), scopeId }).success).toBe(
      false,
    );
  });

  it('asks recent data for at most 100 gateways', () => {
    const scopeId = crypto.randomUUID();
    const macs = (n: number) =>
      Array.from({ length: n }, (_, i) => i.toString(16).toUpperCase().padStart(12, '0')).join(',');
    expect(recentDataQuery.parse({ scopeId })).toEqual({ scopeId, macIds: undefined });
    expect(recentDataQuery.parse({ scopeId, macIds: macs(100) }).macIds).toHaveLength(100);
    expect(recentDataQuery.safeParse({ scopeId, macIds: macs(101) }).success).toBe(false);
  });
});
