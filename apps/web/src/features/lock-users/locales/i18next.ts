import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The lock users screen's texts: namespace 'lock-users'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'lock-users': typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type LockUsersGerman = Complete<typeof en, typeof de>;
