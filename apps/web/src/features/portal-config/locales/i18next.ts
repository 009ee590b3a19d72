import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The Portal Configuration screen's texts: namespace 'portal-config'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'portal-config': typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type PortalConfigGerman = Complete<typeof en, typeof de>;
