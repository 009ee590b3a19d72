import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The own account's pages and dialogs (password, two-factor, removal): namespace 'identity'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    identity: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type IdentityGerman = Complete<typeof en, typeof de>;
