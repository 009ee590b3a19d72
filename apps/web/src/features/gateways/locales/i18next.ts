import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The gateways screen's texts: namespace 'gateways'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    gateways: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type GatewaysGerman = Complete<typeof en, typeof de>;
