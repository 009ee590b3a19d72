import { effectivePermissions, type LockDevice, type LockUser, lockMessages } from '@portal/contract';

/** Selected locks by MAC, kept across pages and live updates (a lock that leaves is dropped); `id` for Add User. */
export type LockSelection = ReadonlyMap<
  string,
  Pick<LockDevice, 'macId' | 'type' | 'name'> & { id?: string }
>;

export function toggleLock(
  selection: LockSelection,
  lock: Pick<LockDevice, 'macId' | 'type' | 'name'> & { id?: string },
): LockSelection {
  const next = new Map(selection);
  if (next.has(lock.macId)) next.delete(lock.macId);
  else next.set(lock.macId, { id: lock.id, macId: lock.macId, type: lock.type, name: lock.name });
  return next;
}

/** The page's checkbox: selects every lock of the page, or (all of them selected) unselects them. */
export function togglePage(
  selection: LockSelection,
  locks: readonly (Pick<LockDevice, 'macId' | 'type' | 'name'> & { id?: string })[],
): LockSelection {
  const next = new Map(selection);
  const allSelected = locks.length > 0 && locks.every((lock) => next.has(lock.macId));
  for (const lock of locks) {
    if (allSelected) next.delete(lock.macId);
    else next.set(lock.macId, { id: lock.id, macId: lock.macId, type: lock.type, name: lock.name });
  }
  return next;
}

export function pageSelectionState(
  selection: LockSelection,
  locks: readonly Pick<LockDevice, 'macId'>[],
): { checked: boolean; indeterminate: boolean } {
  const selected = locks.filter((lock) => selection.has(lock.macId)).length;
  return {
    checked: locks.length > 0 && selected === locks.length,
    indeterminate: selected > 0 && selected < locks.length,
  };
}

export function withoutLock(selection: LockSelection, macId: string): LockSelection {
  if (!selection.has(macId)) return selection;
  const next = new Map(selection);
  next.delete(macId);
  return next;
}

/**
 * Add User needs locks of one type (spec 001 section 5): the type, or the spec's message when the selection
 * mixes types (a lock without a reported type counts as a type of its own). Null message when nothing is chosen.
 */
export function addUserCheck(selection: LockSelection): { type: string | null; error: string | null } {
  const locks = [...selection.values()];
  if (locks.length === 0) return { type: null, error: null };
  const types = new Set(locks.map((lock) => lock.type ?? ''));
  if (types.size > 1) return { type: null, error: lockMessages.sameTypeRequired };
  return { type: locks[0]?.type ?? null, error: null };
}

/** What Add User gives the selected locks: a passcode ('' for none) and whether the user's own card goes too. */
export interface LockCredential {
  passcode: string;
  card: boolean;
}

/** The chosen user's own credential to start from: its passcode, and its card when it has one. */
export const defaultCredential = (user: Pick<LockUser, 'passcode' | 'cardCSN'>): LockCredential => ({
  passcode: user.passcode ?? '',
  card: Boolean(user.cardCSN),
});

export interface LockUserAbilities {
  /** The users of a lock (its Users button): the lock users' list needs IOT_USER_READ. */
  showUsers: boolean;
  /** Selecting locks and Add User: the grant needs IOT_USER_WRITE, its user search IOT_USER_READ. */
  addUser: boolean;
}

/**
 * What the locks list offers about lock users, by the calls it makes (spec 002 section 6): a user holding only
 * IOT_DEVICE_READ sees the locks and their user counts, without the buttons whose refused call would end the
 * session.
 */
export function lockUserAbilities(permissions: Iterable<string>): LockUserAbilities {
  const held = effectivePermissions(permissions);
  const showUsers = held.has('IOT_USER_READ');
  return { showUsers, addUser: showUsers && held.has('IOT_USER_WRITE') };
}
