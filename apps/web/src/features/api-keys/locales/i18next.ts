import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The API keys screen's texts: namespace 'api-keys'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'api-keys': typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type ApiKeysGerman = Complete<typeof en, typeof de>;
