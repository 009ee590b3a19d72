import { z } from 'zod';

/**
 * The languages of the portal (docs/i18n.md): English is the spec's, word for word, and the default; the others
 * are catalogues beside it. A user's choice is stored on the user, so mails and the web app follow it on every
 * device; without a choice the browser's languages decide.
 */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const language = z.enum(LANGUAGES);

/** Each language by its own name, as the language choice lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/** The locale dates and numbers of a language are written in (`Intl`). */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE' };

/** PUT /api/user-details/language: the signed-in user's own language. */
export const userLanguageBody = z.object({ language });
export type UserLanguageBody = z.infer<typeof userLanguageBody>;

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The first supported language of a preference list ('de-AT', 'fr;q=0.9, de;q=0.8'), by its primary subtag,
 * highest weight first; null when none is supported. Serves an Accept-Language header and navigator.languages.
 */
export function preferredLanguage(
  preferences: string | readonly string[] | null | undefined,
): Language | null {
  const entries = typeof preferences === 'string' ? preferences.split(',') : (preferences ?? []);
  const ranked = entries
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0], weight: weight ? Number(weight) : 1, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguage) ?? null;
}
