/** The part of the Web Storage API the stores use; a memory stand-in fills in where storage is missing. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/** The browser's session or local storage, or memory when it is unavailable (blocked, private mode, tests). */
export function browserStorage(kind: 'sessionStorage' | 'localStorage'): KeyValueStorage {
  try {
    const storage = globalThis[kind];
    const probe = '__portal_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}
