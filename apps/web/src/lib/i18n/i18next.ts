import type commonEn from './common/locales/en.json';
import type { MessageCatalogue } from './messages.ts';

/**
 * Typed keys (docs/i18n.md): each namespace declares its English catalogue in `ResourceNamespaceMap` (its
 * own locales/i18next.d.ts), so `t('key')` of a key that is not there does not compile.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
  }
  interface ResourceNamespaceMap {
    common: typeof commonEn;
    messages: MessageCatalogue;
  }
}
