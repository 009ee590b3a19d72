import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The firmware pages' texts: namespace 'firmware'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    firmware: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type FirmwareGerman = Complete<typeof en, typeof de>;
