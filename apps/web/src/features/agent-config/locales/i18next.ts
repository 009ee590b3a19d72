import type { Complete } from '../../../lib/i18n/catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** The agent configuration screen's texts: namespace 'agent-config'. */
declare module 'i18next' {
  interface ResourceNamespaceMap {
    'agent-config': typeof en;
  }
}

/** German has every key of English and no other: a missing text is a type error here. */
export type AgentConfigGerman = Complete<typeof en, typeof de>;
