import { DEFAULT_LANGUAGE, isLanguage, type Language, preferredLanguage } from '@portal/contract';
import { browserStorage } from '../storage.ts';

/** The language chosen on this device (the account menu), kept across visits and sign-outs. */
const STORAGE_KEY = 'portal.language';
const storage = browserStorage('localStorage');

/**
 * The language to start in: the one last chosen on this device, else the browser's first supported one
 * (navigator.languages), else English. Once signed in, the user's stored choice wins (useUserLanguage).
 */
export function startLanguage(): Language {
  const stored = storage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = globalThis.navigator;
  return (
    preferredLanguage(browser?.languages ?? (browser?.language ? [browser.language] : [])) ?? DEFAULT_LANGUAGE
  );
}

export function rememberLanguage(language: Language): void {
  storage.setItem(STORAGE_KEY, language);
}
