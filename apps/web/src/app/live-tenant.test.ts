import type { Scope } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { sessionTenantOf } from '../lib/session-tenant.ts';
import {
  appliesLater,
  DEFAULT_FAVICON_HREF,
  faviconHref,
  THEME_REAPPLY_DELAY_MS,
  tenantUpdateSteps,
  viewedTenantUpdate,
} from './live-tenant.ts';

const scope = (overrides: Partial<Scope> = {}): Scope => ({
  id: 'acme',
  name: 'Acme',
  customerId: 'ACME-1',
  kind: 'customer',
  emailDomain: 'acme.test',
  parent: 'root',
  ancestors: ['root'],
  primaryThemeColor: '#112233',
  secondaryThemeColor: '#445566',
  logoUrl: '/files/acme-logo.png',
  favIconUrl: '/files/acme-icon.png',
  status: 'Active',
  firmwareVersion: null,
  osVersion: null,
  osPatch: null,
  onlineDevicesCount: 0,
  totalDevicesCount: 0,
  dashboardVariant: 'fleet',
  ...overrides,
});

describe('viewedTenantUpdate', () => {
  it('takes a scopeUpdated of the tenant being viewed', () => {
    const updated = scope();
    expect(viewedTenantUpdate({ type: 'scopeUpdated', scope: updated }, 'acme')).toEqual(updated);
  });

  it('ignores a scopeUpdated of another tenant', () => {
    expect(viewedTenantUpdate({ type: 'scopeUpdated', scope: scope({ id: 'other' }) }, 'acme')).toBeNull();
  });

  it('ignores everything when no tenant is viewed', () => {
    expect(viewedTenantUpdate({ type: 'scopeUpdated', scope: scope({ id: '' }) }, '')).toBeNull();
  });

  it('ignores the other scope messages and malformed ones', () => {
    expect(viewedTenantUpdate({ type: 'scopeCreated', scope: scope() }, 'acme')).toBeNull();
    expect(
      viewedTenantUpdate({ type: 'deletion', id: 'acme', state: 'running', step: 'markPending' }, 'acme'),
    ).toBeNull();
    expect(viewedTenantUpdate({ type: 'scopeUpdated', scope: { id: 'acme' } }, 'acme')).toBeNull();
    expect(viewedTenantUpdate('scopeUpdated', 'acme')).toBeNull();
    expect(viewedTenantUpdate(null, 'acme')).toBeNull();
  });
});

describe('tenantUpdateSteps', () => {
  it('applies name, logo and kind at once and the colours in the delayed step', () => {
    const steps = tenantUpdateSteps(scope({ kind: 'enterprise' }), {
      primaryThemeColor: '#4190c7',
      secondaryThemeColor: '#ffffff',
    });
    expect(steps.now).toEqual({
      id: 'acme',
      name: 'Acme',
      kind: 'enterprise',
      primaryThemeColor: '#4190c7',
      secondaryThemeColor: '#ffffff',
      logoUrl: '/files/acme-logo.png',
    });
    expect(steps.later).toEqual({
      ...steps.now,
      primaryThemeColor: '#112233',
      secondaryThemeColor: '#445566',
    });
  });

  it('passes a removed logo on at once', () => {
    const steps = tenantUpdateSteps(scope({ logoUrl: null }), {
      primaryThemeColor: '#4190c7',
      secondaryThemeColor: '#ffffff',
    });
    expect(steps.now.logoUrl).toBeNull();
  });

  it('re-applies the colours after 1 s', () => {
    expect(THEME_REAPPLY_DELAY_MS).toBe(1000);
  });

  it('keeps what the session needs of a scope', () => {
    expect(sessionTenantOf(scope())).toEqual(tenantUpdateSteps(scope(), scope()).later);
  });
});

describe('appliesLater', () => {
  it('applies the delayed colours only while the same tenant is viewed, signed in', () => {
    expect(appliesLater({ userLoggedIn: true, tenantId: 'acme' }, 'acme')).toBe(true);
    expect(appliesLater({ userLoggedIn: true, tenantId: 'other' }, 'acme')).toBe(false);
    expect(appliesLater({ userLoggedIn: false, tenantId: 'acme' }, 'acme')).toBe(false);
  });
});

describe('faviconHref', () => {
  it("uses the tenant's favicon, or the default when there is none or the page keeps the defaults", () => {
    expect(faviconHref('/files/acme-icon.png', false)).toBe('/files/acme-icon.png');
    expect(faviconHref('/files/acme-icon.png', true)).toBe(DEFAULT_FAVICON_HREF);
    expect(faviconHref(null, false)).toBe(DEFAULT_FAVICON_HREF);
    expect(faviconHref('  ', false)).toBe(DEFAULT_FAVICON_HREF);
  });
});
