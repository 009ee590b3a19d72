import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The alerts screen's texts: namespace 'alerts'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    alerts: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type AlertsGerman = Complete<typeof en, typeof de>;
