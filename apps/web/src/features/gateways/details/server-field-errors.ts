import { ApiError } from '../../../lib/api-error.ts';

/** The form fields a refused registration or edit can point at. */
export type GatewayFormField =
  | 'MAC'
  | 'NAME'
  | 'SRT'
  | 'CTY'
  | 'STATE'
  | 'CNTRY'
  | 'ZCODE'
  | 'manufactured'
  | 'tags';

/** The body's paths (`/LCTN/ZCODE`, `/tags/2`...) as the form's fields. */
const FIELD_OF_PATH: Record<string, GatewayFormField> = {
  MAC: 'MAC',
  NAME: 'NAME',
  CRTD: 'manufactured',
  tags: 'tags',
  SRT: 'SRT',
  CTY: 'CTY',
  STATE: 'STATE',
  CNTRY: 'CNTRY',
  ZCODE: 'ZCODE',
};

function fieldOf(path: string): GatewayFormField | undefined {
  const [first, second] = path.split('/').filter(Boolean);
  if (first === 'LCTN' && second) return FIELD_OF_PATH[second];
  return first ? FIELD_OF_PATH[first] : undefined;
}

/**
 * A 400 answer's details (`[{ path, message }]`) as messages per form field, the first for each field.
 * Anything else gives no field messages.
 */
export function serverFieldErrors(error: unknown): Partial<Record<GatewayFormField, string>> {
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.details)) return {};
  const messages: Partial<Record<GatewayFormField, string>> = {};
  for (const detail of error.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = fieldOf(path);
    if (field && !messages[field]) messages[field] = message;
  }
  return messages;
}
