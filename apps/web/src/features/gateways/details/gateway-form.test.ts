import { gatewayRegistryMessages as m } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyRegisterValues,
  type GatewayFormValues,
  gatewayFormSchema,
  gatewayFormValues,
  hasChanges,
  localToday,
  registerBody,
  registerFormSchema,
  tagProblem,
  updateBody,
} from './gateway-form.ts';

const valid: GatewayFormValues = {
  NAME: 'Lobby',
  SRT: '1 Main Street',
  CTY: 'Springfield',
  STATE: 'IL',
  CNTRY: 'USA',
  ZCODE: '62701',
  manufactured: '2023-05-01',
  tags: ['floor_1'],
};

/** The first message the form shows for a field, or undefined when the field is fine. */
function problemOf(values: GatewayFormValues, field: string): string | undefined {
  const parsed = gatewayFormSchema.safeParse(values);
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('gateway form rules (spec 001 section 5), at both bounds', () => {
  it('name: required, 40 characters allowed, 41 refused', () => {
    expect(problemOf({ ...valid, NAME: '' }, 'NAME')).toBe(m.nameRequired);
    expect(problemOf({ ...valid, NAME: '   ' }, 'NAME')).toBe(m.nameRequired);
    expect(problemOf({ ...valid, NAME: 'n'.repeat(40) }, 'NAME')).toBeUndefined();
    expect(problemOf({ ...valid, NAME: 'n'.repeat(41) }, 'NAME')).toBe(m.nameTooLong);
  });

  it('street, city, state, country: 40 allowed, 41 refused; they may stay empty', () => {
    for (const field of ['SRT', 'CTY', 'STATE', 'CNTRY'] as const) {
      expect(problemOf({ ...valid, [field]: '' }, field)).toBeUndefined();
      expect(problemOf({ ...valid, [field]: 'a'.repeat(40) }, field)).toBeUndefined();
      expect(problemOf({ ...valid, [field]: 'a'.repeat(41) }, field)).toBe(m.addressTooLong);
    }
  });

  it('zip: 20 allowed, 21 refused', () => {
    expect(problemOf({ ...valid, ZCODE: '1'.repeat(20) }, 'ZCODE')).toBeUndefined();
    expect(problemOf({ ...valid, ZCODE: '1'.repeat(21) }, 'ZCODE')).toBe(m.zipTooLong);
  });

  it('manufactured date: required, 2021-12-31 refused, 2022-01-01 and today allowed, tomorrow refused', () => {
    expect(problemOf({ ...valid, manufactured: '' }, 'manufactured')).toBe(m.manufacturedRequired);
    expect(problemOf({ ...valid, manufactured: '2021-12-31' }, 'manufactured')).toBe(m.manufacturedTooEarly);
    expect(problemOf({ ...valid, manufactured: '2022-01-01' }, 'manufactured')).toBeUndefined();
    expect(problemOf({ ...valid, manufactured: localToday() }, 'manufactured')).toBeUndefined();
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(problemOf({ ...valid, manufactured: localToday(tomorrow) }, 'manufactured')).toBe(
      m.manufacturedInFuture,
    );
  });

  it('stores the day as 00:00 UTC', () => {
    const parsed = gatewayFormSchema.parse({ ...valid, manufactured: '2022-01-01' });
    expect(parsed.manufactured).toBe(Date.UTC(2022, 0, 1));
  });

  it('tags: letters, digits and _-;#@ only, no duplicates', () => {
    expect(tagProblem('a_b-c;d#e@f9', [])).toBeNull();
    expect(tagProblem('  spaced  ', [])).toBeNull();
    expect(tagProblem('bad tag', [])).toBe(m.tagInvalid);
    expect(tagProblem('bad!', [])).toBe(m.tagInvalid);
    expect(tagProblem('floor_1', ['floor_1'])).toBe(m.tagDuplicate);
    expect(problemOf({ ...valid, tags: ['x', 'x'] }, 'tags')).toBe(m.tagDuplicate);
  });

  it('registration also needs a MAC, typed in any usual form', () => {
    const values = { ...emptyRegisterValues(), ...valid };
    expect(registerFormSchema.safeParse({ ...values, MAC: 'zz' }).success).toBe(false);
    expect(registerFormSchema.parse({ ...values, MAC: 'aa:bb:cc:dd:ee:ff' }).MAC).toBe('AABBCCDDEEFF');
  });
});

describe('changes and bodies', () => {
  const gateway = {
    name: 'Lobby',
    LCTN: { SRT: '1 Main Street', CTY: 'Springfield', LAT: 1, LNG: 2 },
    CRTD: Date.UTC(2023, 4, 1),
    tags: ['floor_1'],
  };

  it('loads the gateway: address entered, the day of CRTD, tags', () => {
    expect(gatewayFormValues(gateway)).toEqual({
      NAME: 'Lobby',
      SRT: '1 Main Street',
      CTY: 'Springfield',
      STATE: '',
      CNTRY: '',
      ZCODE: '',
      manufactured: '2023-05-01',
      tags: ['floor_1'],
    });
    expect(gatewayFormValues({ ...gateway, CRTD: null, LCTN: null }).manufactured).toBe('');
  });

  it('sees a change in any field, and none when only spaces were added', () => {
    const loaded = gatewayFormValues(gateway);
    expect(hasChanges(loaded, loaded)).toBe(false);
    expect(hasChanges({ ...loaded, NAME: 'Lobby ' }, loaded)).toBe(false);
    expect(hasChanges({ ...loaded, NAME: 'Hall' }, loaded)).toBe(true);
    expect(hasChanges({ ...loaded, ZCODE: '1' }, loaded)).toBe(true);
    expect(hasChanges({ ...loaded, manufactured: '2023-05-02' }, loaded)).toBe(true);
    expect(hasChanges({ ...loaded, tags: [] }, loaded)).toBe(true);
    expect(hasChanges({ ...loaded, tags: ['other'] }, loaded)).toBe(true);
  });

  it('builds the update and register bodies the contract expects', () => {
    const output = gatewayFormSchema.parse(valid);
    expect(updateBody(output)).toEqual({
      NAME: 'Lobby',
      CRTD: Date.UTC(2023, 4, 1),
      tags: ['floor_1'],
      LCTN: { SRT: '1 Main Street', CTY: 'Springfield', STATE: 'IL', CNTRY: 'USA', ZCODE: '62701' },
    });
    const body = registerBody({ ...output, MAC: 'AABBCCDDEEFF' }, 'scope-1', 1);
    expect(body).toMatchObject({ MAC: 'AABBCCDDEEFF', SID: 'scope-1', REG: 1, HS: 1 });
  });
});
