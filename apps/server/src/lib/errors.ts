import {
  type ErrorCode,
  errorStatus,
  type NotFoundThing,
  notFoundMessages,
  serverMessages,
} from '@portal/contract';

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

/** 'Lock user not found': the things are the contract's (notFoundMessages), so the web app translates them. */
export const notFound = (what: NotFoundThing = 'Resource') =>
  new AppError('NOT_FOUND', notFoundMessages[what]);
export const unauthorized = (message: string = serverMessages.signInAgain) =>
  new AppError('UNAUTHORIZED', message);
export const forbidden = () => new AppError('FORBIDDEN', serverMessages.forbidden);
