/** Elements feedback may hold (the server's sanitised subset, modules/feedback/feedback-sanitise.ts). */
const ALLOWED = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'S',
  'U',
  'CODE',
  'PRE',
  'BLOCKQUOTE',
  'UL',
  'OL',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'HR',
  'A',
]);
const DROPPED_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
]);

/**
 * Stored feedback is sanitised by the server; the browser checks again before showing it (defence in depth):
 * only the allowed elements stay, a link keeps only an http(s) or mailto href, every other attribute goes.
 * Parsed in an inert document, so nothing in it loads or runs while it is looked at.
 */
export function safeFeedbackHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Element) => {
    for (const child of [...node.children]) {
      if (DROPPED_WITH_CONTENT.has(child.tagName)) {
        child.remove();
        continue;
      }
      clean(child);
      if (!ALLOWED.has(child.tagName)) {
        child.replaceWith(...child.childNodes);
        continue;
      }
      for (const attribute of [...child.attributes]) {
        const keep =
          child.tagName === 'A' &&
          attribute.name === 'href' &&
          /^(https?:|mailto:)/i.test(attribute.value.trim());
        if (!keep) child.removeAttribute(attribute.name);
      }
      if (child.tagName === 'A') {
        child.setAttribute('target', '_blank');
        child.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}
