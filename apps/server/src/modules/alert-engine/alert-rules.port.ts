/**
 * The alert rules as the engine reads them: the alerts module (definitions, their pages and calls) declares and
 * implements them; the engine never reads its tables.
 */
export type { AlertReceiver, AlertRule, AlertRulesReader } from '../alerts/index.ts';
