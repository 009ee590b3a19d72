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
