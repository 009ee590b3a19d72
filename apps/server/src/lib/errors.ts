import { type ErrorCode, errorStatus } from '@portal/contract';

/** The one application error: its code picks the HTTP status; its message is what the user sees. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const unauthorized = (message = '401 Unauthorized: sign in again') =>
  new AppError('UNAUTHORIZED', message);
export const forbidden = () =>
  new AppError('FORBIDDEN', 'Current user is not authorised to perform operations');
