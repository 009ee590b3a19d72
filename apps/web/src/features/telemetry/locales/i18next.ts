import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The charts' texts (graph dialogs, intervals, alerts panel): namespace 'telemetry'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    telemetry: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type TelemetryGerman = Complete<typeof en, typeof de>;
