import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, LANGUAGES, type Language } from '@portal/contract';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { rememberLanguage, startLanguage } from './language.ts';

/**
 * Every catalogue of the app, found by its place (docs/i18n.md): `src/**\/<folder>/locales/<language>.json`
 * is the namespace named after the folder (`features/dashboard/locales/de.json`: 'dashboard' in German). Each
 * loads when a screen first asks for its namespace in that language, as a small file of its own.
 */
const catalogueFiles = import.meta.glob<Record<string, unknown>>('./**/locales/*.json', {
  base: '../../',
  import: 'default',
});
const catalogues = new Map(
  Object.entries(catalogueFiles).flatMap(([path, load]) => {
    const [, namespace, language] = /\/([^/]+)\/locales\/([^/]+)\.json$/.exec(path) ?? [];
    return namespace && language ? [[`${language}/${namespace}`, load] as const] : [];
  }),
);

/**
 * The contract's texts and their lookup (messages.ts) come with a language other than English only: English
 * shows them as they are, so its first screen does not carry them.
 */
let contractMessages: typeof import('./messages.ts') | null = null;
const loadContractMessages = async () => {
  contractMessages ??= await import('./messages.ts');
  return contractMessages;
};
export const loadedContractMessages = () => contractMessages;

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    if (namespace === 'messages' && language === DEFAULT_LANGUAGE) {
      loadContractMessages().then(
        (messages) => callback(null, messages.ENGLISH_MESSAGES),
        (error: unknown) => callback(error as Error, false),
      );
      return;
    }
    const load = catalogues.get(`${language}/${namespace}`);
    if (!load) return callback(new Error(`No catalogue ${namespace} in ${language}`), false);
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** The app's one i18next instance; React components reach it through useTranslation / useT. */
export const i18n = i18next.createInstance();

/**
 * Namespaces the shell, the shared components and every screen use: loaded before the first paint; the
 * contract's texts ('messages') too in a language other than English.
 */
const FIRST_NAMESPACES = ['common', 'app', 'components', 'lib'];
const firstNamespaces = (language: Language) =>
  language === DEFAULT_LANGUAGE ? FIRST_NAMESPACES : [...FIRST_NAMESPACES, 'messages'];

/** The language being shown (one of LANGUAGES). */
export const currentLanguage = (): Language => (i18n.resolvedLanguage ?? DEFAULT_LANGUAGE) as Language;

/** The BCP 47 locale dates and numbers are written in for the language shown ('en-US', 'de-DE'). */
export const currentLocale = (): string => LANGUAGE_LOCALES[currentLanguage()];

/**
 * Starts i18next in the device's language with the first namespaces loaded; main.tsx awaits it. A unit test
 * of code that writes a feature's texts outside React names that feature's namespace too.
 */
export async function initI18n(
  language: Language = startLanguage(),
  namespaces: string[] = [],
): Promise<void> {
  if (language !== DEFAULT_LANGUAGE) await loadContractMessages();
  i18n.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: LANGUAGES,
      // Every catalogue is complete (a missing German key is a type error, i18next.d.ts): nothing to fall back on.
      fallbackLng: false,
      ns: [...firstNamespaces(language), ...namespaces],
      defaultNS: 'common',
      // React escapes what it renders.
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

/** Shows the app in `language` (screens already open load their namespaces first) and keeps it for this device. */
export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  if (language !== DEFAULT_LANGUAGE) {
    await loadContractMessages();
    await i18n.reloadResources([language], ['messages']);
  }
  await i18n.changeLanguage(language);
}
