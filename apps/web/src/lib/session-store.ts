import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  type UserDetails,
  userDetails,
} from '@portal/contract';
import { z } from 'zod';
import type { KeyValueStorage } from './storage.ts';

const tenantFields = userDetails.shape.tenant;

/** Session values of spec 000 section 3, plus the signed-in user's details the shell needs. */
const sessionSchema = z.object({
  userLoggedIn: z.boolean(),
  isRootUser: z.boolean(),
  /** The tenant being viewed: the user's own, or the customer a root user opened. */
  tenantId: z.string(),
  tenantName: z.string(),
  tenantKind: z.string(),
  primaryThemeColor: z.string(),
  secondaryThemeColor: z.string(),
  logoUrl: z.string().nullable(),
  /** Rows-per-page choice per list, keyed by list name. */
  rowsPerPage: z.record(z.string(), z.number().int().positive()),
  user: userDetails.shape.user.nullable(),
  /** The user's e-mail is of a vendor staff domain: activity feed, device logs (spec 001 section 6). */
  vendorStaff: z.boolean().default(false),
  permissions: z.array(z.string()),
});
export type Session = z.infer<typeof sessionSchema>;
export type SessionTenant = z.infer<typeof tenantFields>;

export const SIGNED_OUT_SESSION: Session = Object.freeze({
  userLoggedIn: false,
  isRootUser: false,
  tenantId: '',
  tenantName: '',
  tenantKind: '',
  primaryThemeColor: DEFAULT_PRIMARY_COLOR,
  secondaryThemeColor: DEFAULT_SECONDARY_COLOR,
  logoUrl: null,
  rowsPerPage: {},
  user: null,
  vendorStaff: false,
  permissions: [],
});

export const SESSION_STORAGE_KEY = 'portal.session';

export interface SessionStore {
  get(): Session;
  subscribe(listener: () => void): () => void;
  /** Opens the session after sign-in, viewing the user's own tenant. */
  signIn(details: UserDetails): void;
  /** Fresh user details (permissions, name) without changing the tenant being viewed. */
  refreshUser(details: UserDetails): void;
  /** Switches the tenant being viewed (a root user opening a customer, or a theme/logo change). */
  openTenant(tenant: SessionTenant): void;
  setRowsPerPage(listName: string, rows: number): void;
  signOut(): void;
}

function tenantValues(tenant: SessionTenant): Partial<Session> {
  return {
    tenantId: tenant.id,
    tenantName: tenant.name,
    tenantKind: tenant.kind,
    primaryThemeColor: tenant.primaryThemeColor || DEFAULT_PRIMARY_COLOR,
    secondaryThemeColor: tenant.secondaryThemeColor || DEFAULT_SECONDARY_COLOR,
    logoUrl: tenant.logoUrl,
  };
}

function userValues(details: UserDetails): Partial<Session> {
  return {
    user: details.user,
    isRootUser: details.isRootUser,
    vendorStaff: details.vendorStaff,
    permissions: details.permissions,
  };
}

function readStored(storage: KeyValueStorage): Session {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    const parsed = raw === null ? null : sessionSchema.safeParse(JSON.parse(raw));
    return parsed?.success ? parsed.data : SIGNED_OUT_SESSION;
  } catch {
    return SIGNED_OUT_SESSION;
  }
}

/** A session kept in the given storage; the snapshot object only changes on a write (for useSyncExternalStore). */
export function createSessionStore(storage: KeyValueStorage): SessionStore {
  let current = readStored(storage);
  const listeners = new Set<() => void>();

  const write = (next: Session) => {
    current = next;
    if (next.userLoggedIn) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
    else storage.removeItem(SESSION_STORAGE_KEY);
    for (const listener of listeners) listener();
  };
  const update = (patch: Partial<Session>) => {
    if (current.userLoggedIn) write({ ...current, ...patch });
  };

  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    signIn: (details) =>
      write({
        ...SIGNED_OUT_SESSION,
        ...userValues(details),
        ...tenantValues(details.tenant),
        userLoggedIn: true,
      }),
    refreshUser: (details) => update(userValues(details)),
    openTenant: (tenant) => update(tenantValues(tenant)),
    setRowsPerPage: (listName, rows) => update({ rowsPerPage: { ...current.rowsPerPage, [listName]: rows } }),
    signOut: () => {
      if (current !== SIGNED_OUT_SESSION) write(SIGNED_OUT_SESSION);
    },
  };
}

/** The rows-per-page choice remembered for a list, or the list's default. */
export function rowsPerPageFor(session: Session, listName: string, fallback = 10): number {
  return session.rowsPerPage[listName] ?? fallback;
}
