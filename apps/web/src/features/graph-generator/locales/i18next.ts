import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The graph generator page's texts: namespace 'graph-generator'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'graph-generator': typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type GraphGeneratorGerman = Complete<typeof en, typeof de>;
