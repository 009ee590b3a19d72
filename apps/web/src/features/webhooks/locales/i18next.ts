import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The webhooks screen's texts: namespace webhooks. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    webhooks: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type WebhooksGerman = Complete<typeof en, typeof de>;
