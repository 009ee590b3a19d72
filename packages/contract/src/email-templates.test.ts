import { describe, expect, it } from 'vitest';
import {
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  holdsScript,
  placeholdersOf,
  renderTemplateText,
  unknownPlaceholders,
  updateEmailTemplateBody,
} from './email-templates.ts';

describe('e-mail template rules', () => {
  it('finds placeholders, with or without spaces, and names those a template does not offer', () => {
    expect(placeholdersOf('{{a}} {{ b }} {{a}} {{}}')).toEqual(['a', 'b', '']);
    expect(unknownPlaceholders('resetPassword', '{{link}} {{firstName}} {{secret}} {{}}')).toEqual([
      'secret',
      '',
    ]);
  });

  it('escapes values unless told otherwise', () => {
    expect(renderTemplateText('{{x}}', { x: '<a href="q">' }, { escape: true })).toBe(
      '&lt;a href=&quot;q&quot;&gt;',
    );
    expect(renderTemplateText('{{x}}{{y}}', { x: '<b>' }, { escape: false })).toBe('<b>');
  });

  it('recognises markup that would run script', () => {
    for (const bad of [
      '<script>',
      '<p onclick="x">',
      '<a href="javascript:x">',
      '<iframe src=x>',
      '< style>',
    ])
      expect(holdsScript(bad), bad).toBe(true);
    expect(holdsScript('<p class="x"><a href="https://x">on time: one</a></p>')).toBe(false);
  });

  it('takes a subject and body at their limits and refuses one more character', () => {
    const body = (subject: string, text: string) =>
      updateEmailTemplateBody.safeParse({ name: 'test', subject, body: text });
    expect(body('s'.repeat(EMAIL_SUBJECT_MAX), 'b'.repeat(EMAIL_BODY_MAX)).success).toBe(true);
    expect(body('s'.repeat(EMAIL_SUBJECT_MAX + 1), 'b').success).toBe(false);
    expect(body('s', 'b'.repeat(EMAIL_BODY_MAX + 1)).success).toBe(false);
    expect(body('s', '{{link}}').success).toBe(false);
  });
});
