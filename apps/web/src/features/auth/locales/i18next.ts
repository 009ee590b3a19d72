import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The sign-in pages' texts: namespace 'auth'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    auth: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type AuthGerman = Complete<typeof en, typeof de>;
