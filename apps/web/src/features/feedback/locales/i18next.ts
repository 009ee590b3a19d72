import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The Feedback screen's texts: namespace 'feedback'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    feedback: typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type FeedbackGerman = Complete<typeof en, typeof de>;
