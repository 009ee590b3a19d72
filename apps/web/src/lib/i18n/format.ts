import { currentLocale } from './i18n.ts';

/** Intl formatters are costly to make: one per locale and options, kept. */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: 'number' | 'date',
  options: object,
  make: (locale: string) => T,
): T {
  const locale = currentLocale();
  const id = `${kind} ${locale} ${JSON.stringify(options)}`;
  let format = formats.get(id);
  if (!format) {
    format = make(locale);
    formats.set(id, format);
  }
  return format as T;
}

/** A number as the language shown writes it ('1,234.5'; German '1.234,5'), through Intl. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return formatter('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(value);
}

/** A moment as the language shown writes it ('05.01.2025, 15:04:05' with dateStyle and timeStyle 'medium'). */
export function formatDate(ms: number, options: Intl.DateTimeFormatOptions): string {
  return formatter('date', options, (locale) => new Intl.DateTimeFormat(locale, options)).format(ms);
}
