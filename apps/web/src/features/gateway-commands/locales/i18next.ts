import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The gateway command dialogs' texts: namespace 'gateway-commands'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'gateway-commands': typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type GatewayCommandsGerman = Complete<typeof en, typeof de>;
