import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTER,
  controlCharacterMessage,
  findControlCharacter,
  hasVisibleCharacter,
} from './text.ts';

const character = (code: number) => String.fromCharCode(code);

describe('the text rule', () => {
  it('refuses C0 control characters but TAB, LF and CR, at both ends of each range', () => {
    const refused = [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x0e, 0x1f];
    const allowed = [0x09, 0x0a, 0x0d, 0x20, 0x7e, 0xe9, 0x20ac];
    for (const code of refused)
      expect(CONTROL_CHARACTER.test(`a${character(code)}`), code.toString(16)).toBe(true);
    for (const code of allowed)
      expect(CONTROL_CHARACTER.test(`a${character(code)}`), code.toString(16)).toBe(false);
  });

  it('finds the path of the first string holding one, at any depth, keys included', () => {
    expect(findControlCharacter('fine')).toBeNull();
    expect(findControlCharacter({ a: 1, b: [true, null, 'ok'], c: { d: 'line\r\n\ttab' } })).toBeNull();
    expect(findControlCharacter('\u0000')).toEqual([]);
    expect(findControlCharacter({ user: { names: ['ok', 'b\u0000d'] } })).toEqual(['user', 'names', 1]);
    expect(findControlCharacter({ outer: { 'k\u0001ey': 1 } })).toEqual(['outer']);
    expect(findControlCharacter(Buffer.from([0, 1, 2]))).toBeNull();
  });

  it('names the field in its message', () => {
    expect(controlCharacterMessage('user.names.1')).toBe('user.names.1 contains a control character.');
    expect(controlCharacterMessage('')).toBe('value contains a control character.');
  });
});

describe('hasVisibleCharacter', () => {
  it('is false for spaces and invisible format characters alone', () => {
    for (const text of ['', ' ', '\t\n', '\u200b', '\u00a0\u2060\ufeff', '\u00ad'])
      expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(false);
  });
  it('is true once anything shows', () => {
    for (const text of ['a', ' x ', '\u200bA', 'Ä', '東京', '-'])
      expect(hasVisibleCharacter(text)).toBe(true);
  });
});
