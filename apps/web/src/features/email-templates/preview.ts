import { escapeHtml, renderTemplateText } from '@portal/contract';

/** The values the preview (and the server's test send) put in each placeholder. */
export const PREVIEW_VALUES: Record<string, string> = {
  firstName: 'Alex',
  email: 'alex@example.com',
  link: 'https://portal.example.com/#/link',
  validity: '1 hour',
  portalName: 'IoT Portal',
  tenantName: 'Example Customer',
  body: '<p>Sample <strong>feedback</strong>.</p>',
};

/**
 * The mail as its recipient would see it, framed in the viewed customer's colour: a whole document for a
 * sandboxed iframe (no script runs in it whatever the template holds).
 */
export function previewDocument(
  template: { subject: string; body: string },
  brand: { name: string; primary: string },
): { subject: string; html: string } {
  const values = { ...PREVIEW_VALUES, tenantName: brand.name };
  const subject = renderTemplateText(template.subject, values, { escape: false });
  const inner = renderTemplateText(template.body, values, { escape: true, raw: ['body'] });
  const colour = /^#[0-9a-fA-F]{3,8}$/.test(brand.primary) ? brand.primary : '#4190c7';
  const html = `<!doctype html><html><body style="margin:0;font-family:Arial,Helvetica,sans-serif;color:#222"><div style="background:${colour};padding:12px 20px"><strong style="color:#fff;font-size:18px">${escapeHtml(brand.name)}</strong></div><div style="padding:20px">${inner}</div></body></html>`;
  return { subject, html };
}
