import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { shouldRetryQuery } from './query-client.ts';

describe('query retries', () => {
  it('does not retry client errors', () => {
    expect(shouldRetryQuery(0, new ApiError(404, 'NOT_FOUND', 'gone'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(401, 'UNAUTHORIZED', 'no'))).toBe(false);
  });

  it('retries server and network failures twice', () => {
    const unavailable = new ApiError(0, 'UNAVAILABLE', 'down');
    expect(shouldRetryQuery(0, unavailable)).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(500, 'INTERNAL', 'boom'))).toBe(true);
    expect(shouldRetryQuery(2, unavailable)).toBe(false);
  });
});
