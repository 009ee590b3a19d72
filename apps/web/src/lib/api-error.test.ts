import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorFromResponse, isSessionLoss } from './api-error.ts';
import { initI18n } from './i18n/index.ts';

describe('API errors', () => {
  beforeAll(() => initI18n('en'));

  it("carries the server's error envelope", () => {
    const body = JSON.stringify({
      code: 'CONFLICT',
      message: 'This user already exists!',
      details: { field: 'email' },
    });
    const error = apiErrorFromResponse(409, body);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'This user already exists!' });
    expect(error.details).toEqual({ field: 'email' });
  });

  it('makes do with a body that is not an envelope', () => {
    expect(apiErrorFromResponse(404, 'Not here')).toMatchObject({ code: 'NOT_FOUND', message: 'Not here' });
    expect(apiErrorFromResponse(502, '<html>Bad gateway</html>')).toMatchObject({
      code: 'INTERNAL',
      message: 'Request failed with status 502',
    });
  });

  it('treats a 401 or a session-loss text as a lost session', () => {
    expect(isSessionLoss(401, 'anything')).toBe(true);
    expect(isSessionLoss(500, 'upstream said 401 Unauthorized: token expired')).toBe(true);
    expect(isSessionLoss(403, 'Current user is not authorised to perform operations')).toBe(true);
    expect(isSessionLoss(403, 'Forbidden')).toBe(false);
    expect(isSessionLoss(404, 'Gateway not found')).toBe(false);
  });
});
