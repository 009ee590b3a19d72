import { z } from 'zod';

/** Application error codes; the HTTP status of each is fixed here so it survives the trip to the client. */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The one error envelope every failed API call answers with. */
export const errorEnvelope = z.object({
  code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Text the session-loss handling of spec 000 section 4 looks for. */
export const SESSION_LOST_TEXTS = [
  '401 Unauthorized:',
  'Current user is not authorised to perform operations',
];

/**
 * What a call answers when the thing it names is not found, or is out of the caller's reach (the server's
 * `notFound(thing)`): 'Lock user not found'. Listed here, as every user-facing text, so the web app shows it in
 * the user's language (docs/i18n.md); the server's `notFound` takes only these things.
 */
export const notFoundMessages = {
  Resource: 'Resource not found',
  Customer: 'Customer not found',
  User: 'User not found',
  Gateway: 'Gateway not found',
  Lock: 'Lock not found',
  'Lock user': 'Lock user not found',
  'Lock access': 'Lock access not found',
  Alert: 'Alert not found',
  'Alert incident': 'Alert incident not found',
  Instruction: 'Instruction not found',
  Image: 'Image not found',
  'Device log': 'Device log not found',
  File: 'File not found',
  Rollout: 'Rollout not found',
  Download: 'Download not found',
  'API key': 'API key not found',
  Webhook: 'Webhook not found',
} as const;
export type NotFoundThing = keyof typeof notFoundMessages;

/** The server's other answers a person may read, beyond each feature's own messages. */
export const serverMessages = {
  forbidden: 'Current user is not authorised to perform operations',
  signInAgain: '401 Unauthorized: sign in again',
  crossOrigin: 'Cross-origin request refused',
  downloadExpired: 'This download link has expired',
  scopeIdRequired: 'scopeId is required.',
  validationFailed: 'Request validation failed',
  bodyTooLarge: 'Request body is too large',
  unavailable: 'Service is shutting down or unavailable',
  internal: 'Internal server error',
} as const;
