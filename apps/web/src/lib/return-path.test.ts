import { describe, expect, it } from 'vitest';
import { authPathWith, safeReturnPath, signInReason } from './return-path.ts';

describe('return path after signing in', () => {
  it('takes an app path with its query', () => {
    expect(safeReturnPath('/cli/gateways?scopeId=a&name=x')).toBe('/cli/gateways?scopeId=a&name=x');
  });

  it('refuses what could leave the app or loop back to signing in', () => {
    for (const bad of [
      '',
      null,
      'cli/x',
      '//evil.example',
      '/\\evil',
      'https://evil.example',
      '/login',
      '/logout?x',
      '/login/x',
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it('builds the login and logout paths with the reason and the page', () => {
    expect(authPathWith('/login', { next: '/cli/alerts?scopeId=a', reason: 'idle' })).toBe(
      '/login?reason=idle&next=%2Fcli%2Falerts%3FscopeId%3Da',
    );
    expect(authPathWith('/logout', { next: '//evil' })).toBe('/logout');
    expect(authPathWith('/login', {})).toBe('/login');
  });

  it('knows the two reasons only', () => {
    expect(signInReason('idle')).toBe('idle');
    expect(signInReason('ended')).toBe('ended');
    expect(signInReason('elsewhere')).toBe('elsewhere');
    expect(signInReason('other')).toBeNull();
    expect(signInReason('toString')).toBeNull();
  });
});
