import { DEFAULT_LANGUAGE, type Language } from '@portal/contract';
import type { FlatNamespace } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, i18n, loadedContractMessages } from './i18n.ts';

/**
 * The web app's languages (docs/i18n.md). A component takes its texts from its namespace:
 *
 *   const t = useT('dashboard');            // features/dashboard/locales/{en,de}.json
 *   <Typography>{t('connectivity')}</Typography>
 *
 * Code outside React is handed that `t`, or uses `i18n.t('dashboard:connectivity')`.
 */
export { formatNumber } from './format.ts';
export { changeLanguage, currentLocale, i18n, initI18n } from './i18n.ts';

/** The `t` of a namespace; the component renders again when the language changes. */
export function useT<const Ns extends FlatNamespace>(namespace: Ns) {
  return useTranslation(namespace).t;
}

/**
 * A text the contract gives (a server answer's `message`, a snackbar, a form rule) in the language shown:
 * English as it is, else its catalogue entry (namespace `messages`); any other text as it is.
 */
export function messageText(text: string): string {
  const messages = loadedContractMessages();
  if (currentLanguage() === DEFAULT_LANGUAGE || !messages) return text;
  const found = messages.messageKey(text);
  return found ? i18n.t(`messages:${found.key}`, { ...found.values, defaultValue: text }) : text;
}

/** messageText for rendering: the component renders again when the language changes. */
export function useMessageText(): (text: string) => string {
  useTranslation();
  return messageText;
}

/** The language shown; the component renders again when it changes. */
export function useCurrentLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return (instance.resolvedLanguage ?? DEFAULT_LANGUAGE) as Language;
}

/**
 * The signed-in user's stored choice (user details) wins over this device's: shown as soon as it arrives, and
 * again when the user changes it on another device. Null: none chosen, the device's language stays.
 */
export function useUserLanguage(language: Language | null | undefined): void {
  useEffect(() => {
    if (language && language !== currentLanguage()) void changeLanguage(language);
  }, [language]);
}
