import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { serverFieldErrors } from './server-field-errors.ts';

describe('serverFieldErrors', () => {
  it("puts a 400's details on the form's fields, the first message of each", () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'At most 40 characters.', [
      { path: '/NAME', message: 'At most 40 characters.' },
      { path: '/LCTN/ZCODE', message: 'At most 20 characters.' },
      { path: '/CRTD', message: 'The manufactured date cannot be before 01/01/2022.' },
      { path: '/tags/1', message: 'first' },
      { path: '/tags', message: 'second' },
      { path: '/unknown', message: 'ignored' },
    ]);
    expect(serverFieldErrors(error)).toEqual({
      NAME: 'At most 40 characters.',
      ZCODE: 'At most 20 characters.',
      manufactured: 'The manufactured date cannot be before 01/01/2022.',
      tags: 'first',
    });
  });

  it('gives nothing for other failures', () => {
    expect(serverFieldErrors(new ApiError(409, 'CONFLICT', 'x', [{ path: '/NAME', message: 'y' }]))).toEqual(
      {},
    );
    expect(serverFieldErrors(new Error('x'))).toEqual({});
    expect(serverFieldErrors(new ApiError(400, 'VALIDATION_ERROR', 'x'))).toEqual({});
  });
});
