import { escapeHtml, LANGUAGE_LOCALES, type Language, renderTemplateText } from '@portal/contract';
import sanitizeHtml from 'sanitize-html';

export interface Branding {
  name: string;
  primary: string;
  secondary: string;
  /** Absolute http(s) URL of the customer's logo, or null. */
  logoUrl: string | null;
}

export const DEFAULT_BRANDING: Branding = {
  name: 'IoT Portal',
  primary: '#4190c7',
  secondary: '#ffffff',
  logoUrl: null,
};

const COLOUR = /^#[0-9a-fA-F]{3,8}$/;

/** A colour fit for a style attribute, else the fallback (never anything that could close the attribute). */
export const safeColour = (value: string | null | undefined, fallback: string) =>
  value && COLOUR.test(value) ? value : fallback;

/**
 * A template rendered for one mail: the subject as plain text (placeholders as given, one line), the body as
 * HTML with every value escaped (but those in `raw`, already sanitised) inside the customer's frame: a band in
 * its primary colour with its logo or name; and the text part from that HTML.
 */
export function renderMail(
  template: { subject: string; body: string },
  values: Record<string, string>,
  branding: Branding,
  raw: readonly string[] = [],
): { subject: string; html: string; text: string } {
  const subject = renderTemplateText(template.subject, values, { escape: false }).replace(/[\r\n]+/g, ' ');
  const inner = renderTemplateText(template.body, values, { escape: true, raw });
  const primary = safeColour(branding.primary, DEFAULT_BRANDING.primary);
  const secondary = safeColour(branding.secondary, DEFAULT_BRANDING.secondary);
  const head = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.name)}" height="40" style="height:40px">`
    : `<strong style="color:${secondary};font-size:18px">${escapeHtml(branding.name)}</strong>`;
  const html = [
    '<!doctype html><html><body style="margin:0;font-family:Arial,Helvetica,sans-serif;color:#222">',
    `<div data-brand="header" style="background:${primary};padding:12px 20px">${head}</div>`,
    `<div style="padding:20px;border-bottom:4px solid ${primary}">${inner}</div>`,
    '</body></html>',
  ].join('');
  return { subject, html, text: htmlToText(inner) };
}

/** The readable text of an HTML body: links as their address, paragraphs and breaks as new lines. */
export function htmlToText(html: string): string {
  return (
    sanitizeHtml(html.replace(/<\/(p|div|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$&\n'), {
      allowedTags: [],
      allowedAttributes: {},
    })
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      // An editor's non-breaking spaces (typed next to a bold word, say) are plain spaces in plain text.
      .replace(/&nbsp;|\u00a0/g, ' ')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** '1 hour', '7 days' ('1 Stunde', '7 Tage'): how long a link stays good, in the largest whole unit. */
export function describeDuration(ms: number, language: Language): string {
  const days = ms / (24 * 3600_000);
  const [value, unit] = Number.isInteger(days) ? [days, 'day'] : [Math.round(ms / 3600_000), 'hour'];
  return new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
}
