import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, htmlToText, renderMail, safeColour } from './email-render.ts';

describe('mail rendering', () => {
  const branding = { name: 'Acme & Co', primary: '#112233', secondary: '#ffffff', logoUrl: null };

  it('escapes every value in the body but those given as raw, and keeps the subject one plain line', () => {
    const mail = renderMail(
      { subject: 'Hi {{firstName}}\nthere', body: '<p>{{firstName}}</p><div>{{body}}</div>' },
      { firstName: '<img src=x onerror=alert(1)>', body: '<p><strong>ok</strong></p>' },
      branding,
      ['body'],
    );
    expect(mail.subject).toBe('Hi <img src=x onerror=alert(1)> there');
    expect(mail.html).toContain('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(mail.html).toContain('<div><p><strong>ok</strong></p></div>');
    expect(mail.html).toContain('Acme &amp; Co');
    expect(mail.html).toContain('background:#112233');
    expect(mail.text).toBe('<img src=x onerror=alert(1)>\nok');
  });

  it('puts the logo in the band when there is one, and only safe colours in styles', () => {
    const mail = renderMail(
      { subject: 's', body: 'b' },
      {},
      { ...branding, logoUrl: 'https://x.test/l.png?a="b"' },
    );
    expect(mail.html).toContain('<img src="https://x.test/l.png?a=&quot;b&quot;" alt="Acme &amp; Co"');
    expect(safeColour('red;background:url(x)', '#000')).toBe('#000');
    expect(safeColour('#abc', '#000')).toBe('#abc');
    expect(
      renderMail({ subject: '', body: '' }, {}, { ...DEFAULT_BRANDING, primary: '"><script>' }).html,
    ).toContain('background:#4190c7');
  });

  it('writes the text part with links as their address and paragraphs on lines of their own', () => {
    expect(
      htmlToText('<p>Open</p><p><a href="https://a.test">https://a.test</a></p><p>Bye &amp; thanks</p>'),
    ).toBe('Open\nhttps://a.test\nBye & thanks');
  });

  it('writes non-breaking spaces as plain spaces', () => {
    expect(htmlToText('<p><strong>Doors</strong>&nbsp;stay\u00a0locked</p>')).toBe('Doors stay locked');
  });
});
