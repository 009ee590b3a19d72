import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The E-mail Templates screen's texts: namespace 'email-templates'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'email-templates': typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type EmailTemplatesGerman = Complete<typeof en, typeof de>;
