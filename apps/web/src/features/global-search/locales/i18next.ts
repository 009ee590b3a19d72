import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The Global Search screen's texts: namespace 'global-search'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'global-search': typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type GlobalSearchGerman = Complete<typeof en, typeof de>;
