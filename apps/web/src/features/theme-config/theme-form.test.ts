import { customerMessages, type Scope, updateScopeBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { sessionTenantOf } from '../../lib/session-tenant.ts';
import {
  canApplyTheme,
  currentColors,
  INITIAL_THEME_FORM,
  initialThemeForm,
  isColorChosen,
  pageCount,
  sortCustomersByName,
  themeCustomerSource,
  themeFormFor,
  themeUpdateBody,
  withUpdatedCustomer,
} from './theme-form.ts';

const scope = (overrides: Partial<Scope> = {}): Scope => ({
  id: 's1',
  name: 'Acme',
  customerId: 'ACME',
  kind: 'customer',
  emailDomain: 'acme.test',
  parent: 'root',
  ancestors: ['root'],
  primaryThemeColor: '#112233',
  secondaryThemeColor: '#ffffff',
  logoUrl: null,
  favIconUrl: null,
  status: 'Active',
  firmwareVersion: null,
  osVersion: null,
  osPatch: null,
  onlineDevicesCount: 0,
  totalDevicesCount: 0,
  dashboardVariant: 'fleet',
  ...overrides,
});
const customers = [scope()];

describe('theme colour defaults', () => {
  it('starts with primary #4190c7 and secondary #B0BF5D and no customer', () => {
    expect(INITIAL_THEME_FORM).toEqual({
      scopeId: '',
      primaryThemeColor: '#4190c7',
      secondaryThemeColor: '#B0BF5D',
    });
  });

  it("shows a customer's current colours, the defaults where one is unset or not #rrggbb", () => {
    expect(currentColors(scope())).toEqual({ primaryThemeColor: '#112233', secondaryThemeColor: '#ffffff' });
    expect(currentColors(scope({ primaryThemeColor: '', secondaryThemeColor: 'rgb(1,2,3)' }))).toEqual({
      primaryThemeColor: '#4190c7',
      secondaryThemeColor: '#B0BF5D',
    });
  });

  it("loads a chosen customer's current colours into both pickers, so changing one keeps the other", () => {
    expect(themeFormFor(scope({ primaryThemeColor: '#8e24aa', secondaryThemeColor: '#ff9800' }))).toEqual({
      scopeId: 's1',
      primaryThemeColor: '#8e24aa',
      secondaryThemeColor: '#ff9800',
    });
    expect(themeFormFor(undefined)).toEqual(INITIAL_THEME_FORM);
  });

  it("preselects the user's own customer when it is offered", () => {
    const own = scope({ id: 'own', primaryThemeColor: '#010203' });
    expect(initialThemeForm([scope(), own], 'own')).toMatchObject({
      scopeId: 'own',
      primaryThemeColor: '#010203',
    });
    expect(initialThemeForm([scope()], 'elsewhere')).toEqual(INITIAL_THEME_FORM);
  });

  it('counts only a full #rrggbb value as a chosen colour', () => {
    for (const ok of ['#4190c7', '#B0BF5D', '#000000']) expect(isColorChosen(ok)).toBe(true);
    for (const bad of ['', '#abc', '4190c7', '#4190c7ff', 'red', null, undefined]) {
      expect(isColorChosen(bad)).toBe(false);
    }
  });
});

describe('Apply', () => {
  const chosen = { ...INITIAL_THEME_FORM, scopeId: 's1' };

  it('is enabled when a customer and both colours are chosen', () => {
    expect(canApplyTheme(chosen, customers)).toBe(true);
  });

  it('is disabled without a customer, or with a customer that is not offered', () => {
    expect(canApplyTheme(INITIAL_THEME_FORM, customers)).toBe(false);
    expect(canApplyTheme({ ...chosen, scopeId: 'gone' }, customers)).toBe(false);
    expect(canApplyTheme(chosen, [])).toBe(false);
  });

  it('is disabled without either colour', () => {
    expect(canApplyTheme({ ...chosen, primaryThemeColor: '' }, customers)).toBe(false);
    expect(canApplyTheme({ ...chosen, secondaryThemeColor: '' }, customers)).toBe(false);
    expect(canApplyTheme({ ...chosen, primaryThemeColor: '', secondaryThemeColor: '' }, customers)).toBe(
      false,
    );
  });

  it("sends the customer as it is with the chosen colours, in the server's shape", () => {
    const body = themeUpdateBody(scope(), {
      scopeId: 's1',
      primaryThemeColor: '#010203',
      secondaryThemeColor: '#B0BF5D',
    });
    expect(body).toEqual({
      id: 's1',
      name: 'Acme',
      customerId: 'ACME',
      emailDomain: 'acme.test',
      parent: 'root',
      primaryThemeColor: '#010203',
      secondaryThemeColor: '#B0BF5D',
    });
    expect(updateScopeBody.safeParse(body).success).toBe(true);
    const topLevel = themeUpdateBody(scope({ emailDomain: null, parent: null }), chosen);
    expect(topLevel).not.toHaveProperty('parent');
    expect(topLevel).not.toHaveProperty('emailDomain');
    expect(updateScopeBody.safeParse(topLevel).success).toBe(true);
  });

  it('says what the spec says, two spaces included', () => {
    expect(customerMessages.themeUpdated).toBe('Successfully Updated customer');
    expect(customerMessages.themeFailed).toBe('Failed to  update customer');
  });
});

describe('customer dropdown', () => {
  it('offers every customer to a holder of IOT_SERVICE_DATABASE_RESET who may list customers', () => {
    expect(themeCustomerSource({ permissions: ['IOT_SERVICE_DATABASE_RESET', 'TOP_LEVEL_SCOPE_READ'] })).toBe(
      'all',
    );
  });

  it("offers only the user's own customer otherwise", () => {
    expect(themeCustomerSource({ permissions: ['SCOPE_UPDATE', 'TOP_LEVEL_SCOPE_READ'] })).toBe('own');
    expect(themeCustomerSource({ permissions: ['IOT_SERVICE_DATABASE_RESET'] })).toBe('own');
    expect(themeCustomerSource({ permissions: [] })).toBe('own');
  });

  it('sorts by name, ignoring case', () => {
    const sorted = sortCustomersByName([
      scope({ name: 'beta', customerId: 'B' }),
      scope({ name: 'Alpha', customerId: 'A2' }),
      scope({ name: 'alpha', customerId: 'A1' }),
      scope({ name: 'Gamma', customerId: 'G' }),
    ]);
    expect(sorted.map((customer) => customer.customerId)).toEqual(['A1', 'A2', 'B', 'G']);
  });

  it('reads every page of 100 customers', () => {
    expect(pageCount(0, 100)).toBe(1);
    expect(pageCount(100, 100)).toBe(1);
    expect(pageCount(101, 100)).toBe(2);
  });

  it('takes an updated customer into the list', () => {
    const updated = scope({ primaryThemeColor: '#000000' });
    expect(withUpdatedCustomer([scope({ id: 'other' }), scope()], updated)).toEqual([
      scope({ id: 'other' }),
      updated,
    ]);
    expect(withUpdatedCustomer(undefined, updated)).toBeUndefined();
  });
});

describe('sessionTenantOf', () => {
  it("keeps a scope's id, name, kind, colours and logo", () => {
    expect(sessionTenantOf(scope({ logoUrl: '/l.png', favIconUrl: '/f.png' }))).toEqual({
      id: 's1',
      name: 'Acme',
      kind: 'customer',
      primaryThemeColor: '#112233',
      secondaryThemeColor: '#ffffff',
      logoUrl: '/l.png',
    });
  });
});
