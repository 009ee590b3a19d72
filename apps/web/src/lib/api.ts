import type { z } from 'zod';
import { ApiError, apiErrorFromResponse, isSessionLoss, noResponseError } from './api-error.ts';
import { LOGIN_PATH } from './home-path.ts';
import { currentLanguage, i18n } from './i18n/i18n.ts';
import { authPathWith } from './return-path.ts';
import { clearSession, isSigningOut } from './session.ts';

export { ApiError } from './api-error.ts';

export const LOGIN_ROUTE_HASH = '#/login';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData body is sent as multipart as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Whether a 401 or a session-loss text ends the session and opens the login page (spec 000 section 4).
   * Off for sign-in itself, where a 401 means wrong credentials.
   */
  endSessionOnLoss?: boolean;
}

/** Spec 000 section 4 'Session loss': clear the session and go to the login page, which says why. */
function endLostSession(): void {
  const here = window.location.hash.replace(/^#/, '');
  clearSession('ended');
  if (!window.location.hash.startsWith(LOGIN_ROUTE_HASH))
    window.location.assign(`#${authPathWith(LOGIN_PATH, { reason: 'ended', next: here })}`);
}

function requestInit(options: ApiRequestOptions): RequestInit {
  // The language shown: a mail the call causes (a forgotten password) is written in it (docs/i18n.md).
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    credentials: 'same-origin',
    headers,
    body,
    signal: options.signal,
  };
}

function parseBody<T>(text: string, status: number, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ApiError(status, 'INTERNAL', i18n.t('lib:notJson'));
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(status, 'INTERNAL', i18n.t('lib:unexpectedShape'), parsed.error.issues);
  }
  return parsed.data;
}

/** A file the server sent: its bytes, and the name its Content-Disposition header gives (if any). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | undefined;
}

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''...` (RFC 6266, percent-encoded) before a
 * plain `filename="..."` or `filename=token`; undefined when the header names none.
 */
export function fileNameFromDisposition(header: string | null): string | undefined {
  const extended = header?.match(/filename\*\s*=\s*(?:[\w-]+'[^']*')?"?([^";]+)/i)?.[1];
  try {
    if (extended) return decodeURIComponent(extended);
  } catch {
    // A malformed encoding: the plain parameter below.
  }
  const plain = header?.match(/filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i);
  return plain?.[1]?.replace(/\\(.)/g, '$1') || plain?.[2];
}

/** Sends the request; a failure throws an ApiError, and a lost session ends the session first. */
async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, requestInit(options));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw noResponseError(cause);
  }
  if (!response.ok) {
    const error = apiErrorFromResponse(response.status, await response.text());
    const lost = (options.endSessionOnLoss ?? true) && isSessionLoss(error.status, error.message);
    if (lost && !isSigningOut()) endLostSession();
    throw error;
  }
  return response;
}

/**
 * Calls the portal API with the session cookie. With a schema the JSON answer is checked and returned;
 * without one the answer is ignored. With `download: true` the answer is a file (a CSV export, a log), returned
 * as a Blob with the name the server gives it. A failure throws an ApiError carrying the server's error envelope.
 */
export async function apiRequest(
  path: string,
  options: ApiRequestOptions & { download: true },
): Promise<DownloadedFile>;
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions & { schema: z.ZodType<T> },
): Promise<T>;
export async function apiRequest(path: string, options?: ApiRequestOptions): Promise<void>;
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions & { schema?: z.ZodType<T>; download?: true } = {},
): Promise<T | DownloadedFile | undefined> {
  if (options.download) {
    const response = await send(path, { ...options, headers: { Accept: '*/*', ...options.headers } });
    const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'));
    return { blob: await response.blob(), fileName };
  }
  const response = await send(path, options);
  const text = await response.text();
  return options.schema ? parseBody(text, response.status, options.schema) : undefined;
}
