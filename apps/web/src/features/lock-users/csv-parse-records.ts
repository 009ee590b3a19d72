import { parse } from 'csv-parse/browser/esm/sync';
import type { CsvParse, CsvRecords } from './lock-users-import.ts';

/** csv-parse's browser build (loaded with the import dialog only): records with their lines, BOM dropped. */
export const parseCsvRecords: CsvParse = (text) =>
  parse(text, {
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  }) as unknown as CsvRecords;
