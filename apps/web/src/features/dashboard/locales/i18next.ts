import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The dashboards' texts: namespace 'dashboard'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    dashboard: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type DashboardGerman = Complete<typeof en, typeof de>;
