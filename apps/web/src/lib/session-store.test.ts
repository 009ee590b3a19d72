import type { UserDetails } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  createSessionStore,
  rowsPerPageFor,
  SESSION_STORAGE_KEY,
  SIGNED_OUT_SESSION,
} from './session-store.ts';
import { memoryStorage } from './storage.ts';

const details: UserDetails = {
  user: {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    scopeId: 't1',
    secureAuthentication: false,
    socialLogin: false,
    owner: false,
  },
  isRootUser: false,
  vendorStaff: false,
  permissions: ['ALERTS_READ'],
  tenant: {
    id: 't1',
    name: 'Acme',
    kind: 'customer',
    primaryThemeColor: '',
    secondaryThemeColor: '#222222',
    logoUrl: null,
  },
};

describe('session store', () => {
  it('starts signed out with the default colours', () => {
    const session = createSessionStore(memoryStorage()).get();
    expect(session).toEqual(SIGNED_OUT_SESSION);
    expect(session.primaryThemeColor).toBe('#4190c7');
    expect(session.secondaryThemeColor).toBe('#ffffff');
  });

  it('opens a session from the user details and keeps it across reloads', () => {
    const storage = memoryStorage();
    createSessionStore(storage).signIn(details);
    const reloaded = createSessionStore(storage).get();
    expect(reloaded).toMatchObject({
      userLoggedIn: true,
      tenantId: 't1',
      tenantName: 'Acme',
      tenantKind: 'customer',
      primaryThemeColor: '#4190c7',
      secondaryThemeColor: '#222222',
      permissions: ['ALERTS_READ'],
    });
    expect(reloaded.user?.email).toBe('ada@example.com');
  });

  it('keeps the viewed tenant when the user details are refreshed', () => {
    const store = createSessionStore(memoryStorage());
    store.signIn(details);
    store.openTenant({ ...details.tenant, id: 't2', name: 'Beta', primaryThemeColor: '#000000' });
    store.refreshUser({ ...details, permissions: [] });
    expect(store.get()).toMatchObject({ tenantId: 't2', tenantName: 'Beta', permissions: [] });
  });

  it('remembers rows per page per list', () => {
    const store = createSessionStore(memoryStorage());
    store.signIn(details);
    store.setRowsPerPage('customers', 25);
    expect(rowsPerPageFor(store.get(), 'customers')).toBe(25);
    expect(rowsPerPageFor(store.get(), 'gateways')).toBe(10);
  });

  it('clears everything on sign-out and tells subscribers', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.signIn(details);
    const listener = vi.fn();
    store.subscribe(listener);
    store.signOut();
    expect(listener).toHaveBeenCalledOnce();
    expect(store.get()).toEqual(SIGNED_OUT_SESSION);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('ignores updates without a session and stored garbage', () => {
    const storage = memoryStorage();
    storage.setItem(SESSION_STORAGE_KEY, '{"userLoggedIn":"yes"}');
    const store = createSessionStore(storage);
    store.setRowsPerPage('customers', 50);
    expect(store.get()).toEqual(SIGNED_OUT_SESSION);
  });

  it('keeps the snapshot object stable until something changes', () => {
    const store = createSessionStore(memoryStorage());
    store.signIn(details);
    expect(store.get()).toBe(store.get());
  });
});
