import { describe, expect, it } from 'vitest';
import { ownOrigin } from './own-origin.ts';

describe('ownOrigin', () => {
  it('is PUBLIC_URL when set, without a trailing slash', () => {
    expect(ownOrigin({ PUBLIC_URL: 'https://portal.example.com/', HOST: '0.0.0.0', PORT: 8080 })).toBe(
      'https://portal.example.com',
    );
  });

  it('names localhost for a wildcard HOST, and the configured port until the server listens', () => {
    expect(ownOrigin({ HOST: '0.0.0.0', PORT: 8080 })).toBe('http://localhost:8080');
    expect(ownOrigin({ HOST: '::', PORT: 8080 })).toBe('http://localhost:8080');
  });

  it('names the configured HOST and the port actually bound', () => {
    const bound = { address: '127.0.0.1', family: 'IPv4', port: 41234 };
    expect(ownOrigin({ HOST: '127.0.0.1', PORT: 0 }, bound)).toBe('http://127.0.0.1:41234');
    expect(ownOrigin({ HOST: '::1', PORT: 9000 })).toBe('http://[::1]:9000');
  });
});
