import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The Customers screen's texts (/admin/tenants and its dialogs): namespace 'tenants'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    tenants: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type TenantsGerman = Complete<typeof en, typeof de>;
