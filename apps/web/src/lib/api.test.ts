import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, fileNameFromDisposition } from './api.ts';
import { sessionStore } from './session.ts';

const location = { hash: '#/admin/tenants', assign: vi.fn() };

function answer(body: BodyInit | null, init: ResponseInit): ReturnType<typeof vi.fn> {
  const fetch = vi.fn(async () => new Response(body, init));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  location.hash = '#/admin/tenants';
  location.assign.mockReset();
  vi.stubGlobal('window', { location });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('file names of Content-Disposition', () => {
  it('reads a quoted, a bare and an encoded name', () => {
    expect(fileNameFromDisposition('attachment; filename="Customers.csv"')).toBe('Customers.csv');
    expect(fileNameFromDisposition('attachment; filename=ScannedData.csv')).toBe('ScannedData.csv');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''Kunden%20%C3%BCbersicht.csv")).toBe(
      'Kunden übersicht.csv',
    );
  });

  it('prefers the encoded name to the plain one, wherever it stands', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="fallback.csv"; filename*=UTF-8''%E2%82%AC-rates.csv`),
    ).toBe('€-rates.csv');
    expect(fileNameFromDisposition(`attachment; filename*=utf-8'en'caf%C3%A9.log; filename=cafe.log`)).toBe(
      'café.log',
    );
  });

  it('unescapes a quoted name and falls back when the encoding is broken', () => {
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E2%ZZ.csv; filename="plain.csv"`)).toBe(
      'plain.csv',
    );
  });

  it('gives no name without a header or a filename parameter', () => {
    expect(fileNameFromDisposition(null)).toBeUndefined();
    expect(fileNameFromDisposition('inline')).toBeUndefined();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeUndefined();
  });
});

describe('apiRequest download mode', () => {
  it('returns the body as a Blob with the name the server gives', async () => {
    const fetch = answer('a,b\n1,2\n', {
      status: 200,
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="Customers.csv"' },
    });
    const file = await apiRequest('/api/customers/csv', { download: true, headers: { Accept: 'text/csv' } });
    expect(file.fileName).toBe('Customers.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    expect(fetch).toHaveBeenCalledWith(
      '/api/customers/csv',
      expect.objectContaining({
        method: 'GET',
        credentials: 'same-origin',
        // The language shown (English until i18n starts), for mails a call causes (docs/i18n.md).
        headers: { Accept: 'text/csv', 'Accept-Language': 'en' },
      }),
    );
  });

  it('has no name when the server gives none', async () => {
    answer('bytes', { status: 200 });
    expect((await apiRequest('/api/file', { download: true })).fileName).toBeUndefined();
  });

  it("turns the server's error envelope into an ApiError", async () => {
    answer(JSON.stringify({ code: 'NOT_FOUND', message: 'No scan yet' }), {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
    });
    const failure = apiRequest('/api/gateway/AA/scanned-locks', { download: true });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No scan yet' });
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('ends a lost session and opens the login page, which says why', async () => {
    const signOut = vi.spyOn(sessionStore, 'signOut');
    answer(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Session expired' }), { status: 401 });
    await expect(apiRequest('/api/customers/csv', { download: true })).rejects.toMatchObject({ status: 401 });
    expect(signOut).toHaveBeenCalled();
    expect(location.assign).toHaveBeenCalledWith(expect.stringMatching(/^#\/login\?.*reason=ended/));
    signOut.mockRestore();
  });

  it('passes an abort through as it is, and a network failure as no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    await expect(apiRequest('/api/customers/csv', { download: true })).rejects.toMatchObject({
      name: 'AbortError',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/api/customers/csv', { download: true })).rejects.toMatchObject({
      status: 0,
      code: 'UNAVAILABLE',
    });
  });
});
