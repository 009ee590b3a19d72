import type { Complete } from '../i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** Texts of lib/ (the login page's reasons, the API client's failures): namespace 'lib'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    lib: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type LibGerman = Complete<typeof en, typeof de>;
