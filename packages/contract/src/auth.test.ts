import { describe, expect, it } from 'vitest';
import { newPassword, passwordMessages } from './auth.ts';

const accepts = (value: string) => newPassword.safeParse(value).success;

describe('new password rule (spec 000 section 5)', () => {
  it('needs at least 5 characters: 4 refused, 5 accepted', () => {
    expect(accepts('ab12')).toBe(false);
    expect(accepts('ab123')).toBe(true);
  });

  it('needs a letter and a digit', () => {
    expect(accepts('abcdef')).toBe(false);
    expect(accepts('123456')).toBe(false);
    expect(accepts('abc123')).toBe(true);
  });

  it('allows only @, &, # and ! as special characters', () => {
    for (const special of ['@', '&', '#', '!']) expect(accepts(`abc12${special}`)).toBe(true);
    for (const special of ['%', '$', ' ', '-', '*']) expect(accepts(`abc12${special}`)).toBe(false);
  });

  it('says what is wrong', () => {
    const result = newPassword.safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(passwordMessages.rule);
  });
});
