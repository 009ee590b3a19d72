import { describe, expect, it } from 'vitest';
import { feedbackText, sanitiseFeedback } from './feedback-sanitise.ts';

describe('feedback sanitising', () => {
  it('keeps the editor formatting and drops script, handlers, styles and unsafe links', () => {
    const html = sanitiseFeedback(
      '<h2 style="x">T</h2><p onmouseover="x()">a <strong>b</strong> <em>c</em> <s>d</s> <code>e</code></p>' +
        '<blockquote><p>q</p></blockquote><ol><li>1</li></ol><svg onload="x()"><circle/></svg>' +
        '<style>p{}</style><iframe src="https://x"></iframe><a href="data:text/html,x">d</a><a href="mailto:a@b.c">m</a>',
    );
    expect(html).toBe(
      '<h2>T</h2><p>a <strong>b</strong> <em>c</em> <s>d</s> <code>e</code></p><blockquote><p>q</p></blockquote>' +
        '<ol><li>1</li></ol><a target="_blank" rel="noopener noreferrer nofollow">d</a>' +
        '<a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer nofollow">m</a>',
    );
  });

  it('gives the text of it, a line per paragraph', () => {
    expect(feedbackText('<p>a <strong>b</strong></p><ul><li>c</li></ul>')).toBe('a b\nc');
  });
});
