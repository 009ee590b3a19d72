/**
 * The one rule for every text the portal takes in, whatever the field: no C0 control character other than
 * TAB, LF and CR (U+0000 to U+0008, U+000B, U+000C, U+000E to U+001F). PostgreSQL cannot store U+0000 in
 * text or jsonb at all, and the others have no business in names, addresses or device data. The server
 * applies it to every HTTP body, query string and path parameter before the route's own schema
 * (`apps/server/src/plugins/text-input.ts`), and the device inbox to every device message, so no schema
 * repeats it. Fields that must stay on one line refuse TAB, LF and CR in their own schema.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** `{field} contains a control character.`: the field is its path (`user.firstName`, `samples.3.TI`). */
export const controlCharacterMessage = (field: string) => `${field || 'value'} contains a control character.`;

/**
 * The path of the first string in `value` (or key of an object in it) holding a control character, or null
 * when there is none. Walks objects and arrays at any depth; other values (numbers, Buffers...) pass.
 */
export function findControlCharacter(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTER.test(key)) return path;
    const found = findControlCharacter(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** A character that shows: neither white space nor an invisible format character (U+200B, U+2060, U+FEFF, U+00AD...). */
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Cf}]/u;

/**
 * Whether a text shows anything at all: a name made only of spaces or zero-width characters would leave the
 * top bar, a breadcrumb or a list row blank.
 */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE_CHARACTER.test(text);
}
