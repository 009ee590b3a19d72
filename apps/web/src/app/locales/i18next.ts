import type { Complete } from '../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The shell's texts (side navigation, top bar, account menu, screen titles): namespace 'app'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    app: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type AppGerman = Complete<typeof en, typeof de>;
