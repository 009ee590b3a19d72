/** The shape of a catalogue: its keys, each text a string. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/**
 * Compiles only when `Translation` has exactly the keys of `English` (docs/i18n.md): each namespace's
 * locales/i18next.d.ts states it for each language, so a text missing in German, or left over there, is a
 * type error naming the key.
 */
export type Complete<English extends Shape<Translation>, Translation extends Shape<English>> = [
  English,
  Translation,
];
