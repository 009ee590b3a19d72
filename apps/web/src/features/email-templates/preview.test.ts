import { describe, expect, it } from 'vitest';
import { previewDocument } from './preview.ts';

describe('e-mail template preview', () => {
  it('fills the placeholders, escaping their values, in the brand colour', () => {
    const { subject, html } = previewDocument(
      { subject: 'Hi {{firstName}}', body: '<p>{{ firstName }} <a href="{{link}}">go</a></p>' },
      { name: '<Acme>', primary: '#aa3311' },
    );
    expect(subject).toBe('Hi Alex');
    expect(html).toContain('<p>Alex <a href="https://portal.example.com/#/link">go</a></p>');
    expect(html).toContain('&lt;Acme&gt;');
    expect(html).toContain('background:#aa3311');
  });

  it("says the link's validity in the template's language", () => {
    const template = { subject: 'Valid for {{validity}}', body: '' };
    const brand = { name: 'x', primary: '#aa3311' };
    expect(previewDocument(template, brand).subject).toBe('Valid for 1 hour');
    expect(previewDocument(template, brand, 'de').subject).toBe('Valid for 1 Stunde');
  });

  it('never puts a colour that could break out of the style', () => {
    expect(
      previewDocument({ subject: '', body: '' }, { name: 'x', primary: 'red;}</style>' }).html,
    ).toContain('background:#4190c7');
  });
});
