import { describe, expect, it } from 'vitest';
import { navBandFor, navCollapsed } from './nav-layout.ts';

describe('side navigation layout', () => {
  it('is a drawer below 600 px, a rail to 1199 px, a list from 1200 px', () => {
    expect([360, 599, 600, 1024, 1199, 1200, 1920].map(navBandFor)).toEqual([
      'phone',
      'phone',
      'narrow',
      'narrow',
      'narrow',
      'wide',
      'wide',
    ]);
  });

  it("keeps the user's choice within its band only", () => {
    expect(navCollapsed('narrow', null)).toBe(true);
    expect(navCollapsed('wide', null)).toBe(false);
    expect(navCollapsed('wide', { band: 'wide', collapsed: true })).toBe(true);
    expect(navCollapsed('narrow', { band: 'wide', collapsed: false })).toBe(true);
  });
});
