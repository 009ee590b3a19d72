import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The Activity screen's texts: namespace 'audit'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    audit: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type AuditGerman = Complete<typeof en, typeof de>;
