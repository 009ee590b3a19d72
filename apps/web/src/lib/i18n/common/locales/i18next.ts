import type { Complete } from '../../catalogue.ts';
import type de from './de.json';
import type en from './en.json';

/** Words every part of the app uses (Cancel, Save, Loading ...). Declared in ../../i18next.d.ts. */
export type CommonGerman = Complete<typeof en, typeof de>;
