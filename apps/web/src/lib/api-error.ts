import { type ErrorCode, errorEnvelope, errorStatus, SESSION_LOST_TEXTS } from '@portal/contract';
import { i18n } from './i18n/i18n.ts';

/** A failed API call, carrying the server's error envelope `{ code, message, details }` and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Status 0 stands for "no answer" (network down, server unreachable). */
export const NO_RESPONSE_STATUS = 0;

function codeForStatus(status: number): ErrorCode {
  const known = (Object.entries(errorStatus) as [ErrorCode, number][]).find(([, code]) => code === status);
  if (known) return known[0];
  if (status === NO_RESPONSE_STATUS) return 'UNAVAILABLE';
  return status >= 500 ? 'INTERNAL' : 'VALIDATION_ERROR';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Builds the ApiError of a non-2xx answer; a body that is not an error envelope still yields a useful message. */
export function apiErrorFromResponse(status: number, bodyText: string): ApiError {
  const envelope = errorEnvelope.safeParse(parseJson(bodyText));
  if (envelope.success) {
    const { code, message, details } = envelope.data;
    return new ApiError(status, code, message, details);
  }
  const plainText = bodyText.trim();
  const message =
    plainText && plainText.length <= 300 && !plainText.startsWith('<')
      ? plainText
      : i18n.t('lib:requestFailed', { status });
  return new ApiError(status, codeForStatus(status), message);
}

export function noResponseError(cause: unknown): ApiError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(NO_RESPONSE_STATUS, 'UNAVAILABLE', i18n.t('lib:unreachable', { reason }));
}

/** Spec 000 section 4 'Session loss': a 401, or any error whose text names a lost or refused session. */
export function isSessionLoss(status: number, message: string): boolean {
  return status === 401 || SESSION_LOST_TEXTS.some((text) => message.includes(text));
}
