import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The Theme Configuration screen's texts: namespace 'theme-config'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'theme-config': typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type ThemeConfigGerman = Complete<typeof en, typeof de>;
