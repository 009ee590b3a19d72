import { z } from 'zod';

/** Canonical gateway/lock MAC: 12 upper-case hex digits, no separators (used in topics and URLs). */
export const MAC_PATTERN = /^[0-9A-F]{12}$/;

/** Accepts 'aa:bb:cc:dd:ee:ff', 'AA-BB-...' or 'aabbccddeeff'; returns the canonical form or null. */
export function normalizeMac(input: string): string | null {
  const mac = input.replace(/[:-]/g, '').toUpperCase();
  return MAC_PATTERN.test(mac) ? mac : null;
}

export const macId = z.string().regex(MAC_PATTERN, 'Invalid MAC address');
