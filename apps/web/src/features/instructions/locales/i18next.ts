import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The gateway instructions' texts (diagnostics, device logs, troubleshoot): namespace 'instructions'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    instructions: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type InstructionsGerman = Complete<typeof en, typeof de>;
