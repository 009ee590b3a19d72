import { escapeHtml, LANGUAGE_LOCALES, type Language, renderTemplateText } from '@portal/contract';

/** The values the preview (and the server's test send) put in each placeholder. */
export const PREVIEW_VALUES: Record<string, string> = {
  firstName: 'Alex',
  email: 'alex@example.com',
  link: 'https://portal.example.com/#/link',
  portalName: 'IoT Portal',
  tenantName: 'Example Customer',
  body: '<p>Sample <strong>feedback</strong>.</p>',
};

/** '1 hour', '1 Stunde': a link's validity as the server writes it in the mail's language. */
const oneHour = (language: Language) =>
  new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'long',
  }).format(1);

/**
 * The mail as its recipient would see it, framed in the viewed customer's colour: a whole document for a
 * sandboxed iframe (no script runs in it whatever the template holds). `language`: the template's.
 */
export function previewDocument(
  template: { subject: string; body: string },
  brand: { name: string; primary: string },
  language: Language = 'en',
): { subject: string; html: string } {
  const values = { ...PREVIEW_VALUES, validity: oneHour(language), tenantName: brand.name };
  const subject = renderTemplateText(template.subject, values, { escape: false });
  const inner = renderTemplateText(template.body, values, { escape: true, raw: ['body'] });
  const colour = /^#[0-9a-fA-F]{3,8}$/.test(brand.primary) ? brand.primary : '#4190c7';
  const html = `<!doctype html><html><body style="margin:0;font-family:Arial,Helvetica,sans-serif;color:#222"><div style="background:${colour};padding:12px 20px"><strong style="color:#fff;font-size:18px">${escapeHtml(brand.name)}</strong></div><div style="padding:20px">${inner}</div></body></html>`;
  return { subject, html };
}
