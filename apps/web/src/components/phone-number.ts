import { joinPhoneNumber, PHONE_MAX_DIGITS, splitPhoneNumber } from '@portal/contract';
import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';

export interface CountryOption {
  /** ISO 3166 code, e.g. 'DE' (the countryShortCode). */
  code: CountryCode;
  name: string;
  /** '+' and the calling code, e.g. '+49'. */
  callingCode: string;
  flag: string;
}

/** The flag emoji of a two-letter country code (a pair of regional indicator symbols). */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(
    ...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65),
  );
}

/** Every country libphonenumber knows, named in `locale`, sorted by name. */
export function countryOptions(locale?: string): CountryOption[] {
  const names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' });
  return getCountries()
    .map((code) => ({
      code,
      name: names.of(code) ?? code,
      callingCode: `+${getCountryCallingCode(code)}`,
      flag: flagEmoji(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** The country a calling code stands for when none is named: libphonenumber's main one ('+1' -> US). */
function mainCountryFor(callingCode: string): CountryCode | undefined {
  return metadata.country_calling_codes[callingCode.replace('+', '')]?.[0];
}

/**
 * The picker's country for a stored value: the named country when its calling code fits the number (or the
 * number has none yet), otherwise the main country of the number's calling code.
 */
export function selectedCountry(
  options: readonly CountryOption[],
  phoneNumber: string,
  countryShortCode: string,
): CountryOption | null {
  const code = splitPhoneNumber(phoneNumber)?.code ?? '';
  const named = options.find((option) => option.code === countryShortCode);
  if (named && (code === '' || named.callingCode === code)) return named;
  if (code === '') return null;
  const main = mainCountryFor(code);
  return options.find((option) => option.code === main) ?? null;
}

/** The digits after the calling code; a value that does not parse keeps only its digits. */
export function phoneDigits(phoneNumber: string): string {
  return splitPhoneNumber(phoneNumber)?.digits ?? phoneNumber.replace(/\D/g, '');
}

/** What the number input accepts: digits only, at most 15. */
export const sanitizePhoneDigits = (input: string) => input.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);

/** The field's value after a change of country or digits: '+<calling code> <digits>', or '' when empty. */
export function phoneValue(
  country: CountryOption | null,
  digits: string,
): { phoneNumber: string; countryShortCode: string } {
  return {
    phoneNumber: joinPhoneNumber(country?.callingCode ?? '', digits),
    countryShortCode: country?.code ?? '',
  };
}
