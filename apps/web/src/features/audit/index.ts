/** What other features may use of the audit log (its page is in pages.ts). */
export { changeLines } from './audit-filter.ts';
