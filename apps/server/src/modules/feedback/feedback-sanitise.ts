import sanitizeHtml from 'sanitize-html';

/**
 * The safe subset of HTML feedback is stored and shown in: the editor's formatting (paragraphs, headings,
 * bold, italic, strike, code, lists, quotes, line breaks) and links to http(s) and mailto only. Every
 * attribute but a link's href is dropped (no event handlers, no style), script and style elements go with
 * their content, links open in a new tab without the opener.
 */
export function sanitiseFeedback(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      's',
      'u',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'h1',
      'h2',
      'h3',
      'h4',
      'hr',
      'a',
    ],
    // target and rel are always the ones transformTags sets below, whatever the input says.
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
    },
  });
}

/** The feedback as plain text, for the mail's text part. */
export function feedbackText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h[1-4]|li|blockquote|pre)>|<br\s*\/?>/gi, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
