import { z } from 'zod';
import { language } from './languages.ts';

/**
 * Every mail the portal sends, with the placeholders its template may use (docs/audit.md, "E-mail
 * templates"). `{{name}}` in a subject or body is replaced by the value, HTML-escaped; any other name is
 * refused when the template is saved.
 */
export const EMAIL_TEMPLATES = {
  activation: ['firstName', 'email', 'link', 'validity', 'portalName', 'tenantName'],
  resetPassword: ['firstName', 'email', 'link', 'validity', 'portalName', 'tenantName'],
  lockUserActivation: ['firstName', 'email', 'link', 'validity', 'portalName', 'tenantName'],
  lockUserReset: ['firstName', 'email', 'link', 'validity', 'portalName', 'tenantName'],
  feedback: ['email', 'body', 'tenantName', 'portalName'],
  test: ['firstName', 'email', 'portalName', 'tenantName'],
  alertNotification: ['headline', 'alertName', 'condition', 'gateway', 'details', 'portalName', 'tenantName'],
} as const satisfies Record<string, readonly string[]>;
export type EmailTemplateName = keyof typeof EMAIL_TEMPLATES;
export const EMAIL_TEMPLATE_NAMES = Object.keys(EMAIL_TEMPLATES) as EmailTemplateName[];

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 20_000;

export const emailTemplateMessages = {
  updated: 'Email template updated',
  updateFailed: 'Failed to update email template',
  testSent: 'Test mail sent',
  testFailed: 'Failed to send test mail',
  unknownPlaceholder: (names: string[]) => `Unknown placeholder: ${names.map((n) => `{{${n}}}`).join(', ')}`,
  script: 'Templates may not hold scripts, event handlers or javascript: links',
} as const;

const PLACEHOLDER = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** The placeholder names a text uses, in order, without repeats. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
}

/** The names `text` uses that template `name` does not offer. */
export function unknownPlaceholders(name: EmailTemplateName, text: string): string[] {
  const known: readonly string[] = EMAIL_TEMPLATES[name];
  return placeholdersOf(text).filter((p) => !known.includes(p));
}

/** Markup that would run script where the mail is shown (the portal's preview, a web mail client). */
export function holdsScript(text: string): boolean {
  return /<\s*(script|iframe|object|embed|style|link|meta|base|form)\b|\son[a-z]+\s*=|javascript:|vbscript:|data:text\/html/i.test(
    text,
  );
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * `text` with each `{{name}}` replaced by its value; `escape` for HTML bodies. Values given as `raw` (the
 * sanitised feedback body) are put in as they are.
 */
export function renderTemplateText(
  text: string,
  values: Record<string, string>,
  options: { escape: boolean; raw?: readonly string[] } = { escape: true },
): string {
  return text.replace(PLACEHOLDER, (_, key: string) => {
    const value = values[key] ?? '';
    return options.escape && !options.raw?.includes(key) ? escapeHtml(value) : value;
  });
}

export const emailTemplate = z.object({
  name: z.enum(EMAIL_TEMPLATE_NAMES as [EmailTemplateName, ...EmailTemplateName[]]),
  /** Each language has its own text (docs/i18n.md); a mail goes out in its recipient's language. */
  language,
  subject: z.string(),
  body: z.string(),
  placeholders: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplate>;

/** GET /api/emailTemplate/all?language=de: the templates of one language (English when not given). */
export const emailTemplatesQuery = z.object({ language: language.optional() });

/** PUT /api/updateEmailTemplate: the subject (one line) and HTML body of one template in one language (English when not given). */
export const updateEmailTemplateBody = z
  .object({
    name: z.enum(EMAIL_TEMPLATE_NAMES as [EmailTemplateName, ...EmailTemplateName[]]),
    language: language.optional(),
    subject: z
      .string()
      .trim()
      .min(1)
      .max(EMAIL_SUBJECT_MAX)
      .refine((s) => !/[\r\n]/.test(s), 'The subject is one line'),
    body: z.string().trim().min(1).max(EMAIL_BODY_MAX),
  })
  .superRefine((value, ctx) => {
    for (const field of ['subject', 'body'] as const) {
      const unknown = unknownPlaceholders(value.name, value[field]);
      if (unknown.length)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: emailTemplateMessages.unknownPlaceholder(unknown),
        });
      if (holdsScript(value[field]))
        ctx.addIssue({ code: 'custom', path: [field], message: emailTemplateMessages.script });
    }
  });
export type UpdateEmailTemplateBody = z.infer<typeof updateEmailTemplateBody>;

/**
 * POST /api/emailTemplate/test: sends the template as given (saved or not) to the caller; the update's body,
 * named after its route like every call's schema.
 * @alias
 */
export const testEmailTemplateBody = updateEmailTemplateBody;
