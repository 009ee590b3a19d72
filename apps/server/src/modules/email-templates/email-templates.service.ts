import {
  EMAIL_TEMPLATE_NAMES,
  EMAIL_TEMPLATES,
  type EmailTemplate,
  type EmailTemplateName,
  emailTemplateMessages,
  holdsScript,
  type UpdateEmailTemplateBody,
  unknownPlaceholders,
} from '@portal/contract';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Mailer } from '../mail/index.ts';
import { type Branding, DEFAULT_BRANDING, renderMail } from './email-render.ts';
import { DEFAULT_TEMPLATES, SAMPLE_VALUES } from './email-templates.defaults.ts';
import type { EmailTemplatesRepository } from './email-templates.repository.ts';

export const PORTAL_NAME = 'IoT Portal';

/** What other modules send mail through: a template by name, its values, and whose users it goes to. */
export interface TemplatedMail {
  sendTemplate(
    name: EmailTemplateName,
    to: string,
    values: Record<string, string>,
    options?: { tenantId?: string | null; raw?: readonly string[] },
  ): Promise<string>;
}

/**
 * E-mail templates (spec 002 section 7, docs/audit.md): every mail the portal sends is rendered from one, with
 * named placeholders, in the frame of the recipient's customer (logo, colours). Root edits them.
 */
export class EmailTemplatesService implements TemplatedMail {
  constructor(
    private readonly deps: {
      repo: EmailTemplatesRepository;
      mailer: Pick<Mailer, 'send'>;
      origin: () => string;
      userEmail: (principal: Principal) => Promise<{ email: string; firstName: string }>;
    },
  ) {}

  async all(principal: Principal): Promise<EmailTemplate[]> {
    if (!principal.isRoot) throw forbidden();
    const stored = new Map((await this.deps.repo.all()).map((row) => [row.name, row]));
    return EMAIL_TEMPLATE_NAMES.map((name) => {
      const row = stored.get(name);
      return {
        name,
        subject: row?.subject ?? DEFAULT_TEMPLATES[name].subject,
        body: row?.body ?? DEFAULT_TEMPLATES[name].body,
        placeholders: [...EMAIL_TEMPLATES[name]],
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      };
    });
  }

  async update(principal: Principal, input: UpdateEmailTemplateBody): Promise<{ message: string }> {
    if (!principal.isRoot) throw forbidden();
    this.check(input);
    await this.deps.repo.upsert({ ...input, updatedBy: principal.userId });
    return { message: emailTemplateMessages.updated };
  }

  /** Sends the template as given (saved or not) with the sample values to the caller's own address. */
  async sendTest(principal: Principal, input: UpdateEmailTemplateBody): Promise<{ message: string }> {
    if (!principal.isRoot) throw forbidden();
    this.check(input);
    const me = await this.deps.userEmail(principal);
    const values = { ...SAMPLE_VALUES, firstName: me.firstName, email: me.email, portalName: PORTAL_NAME };
    const mail = renderMail(input, values, await this.branding(principal.tenantId), ['body']);
    await this.deps.mailer.send({ to: me.email, ...mail });
    return { message: emailTemplateMessages.testSent };
  }

  async sendTemplate(
    name: EmailTemplateName,
    to: string,
    values: Record<string, string>,
    options: { tenantId?: string | null; raw?: readonly string[] } = {},
  ): Promise<string> {
    const template = (await this.deps.repo.find(name)) ?? DEFAULT_TEMPLATES[name];
    const branding = options.tenantId ? await this.branding(options.tenantId) : DEFAULT_BRANDING;
    const mail = renderMail(
      template,
      { portalName: PORTAL_NAME, tenantName: branding.name, ...values },
      branding,
      options.raw,
    );
    return this.deps.mailer.send({ to, ...mail });
  }

  /** The zod schema refuses the same; kept here so no other caller can store what would not render safely. */
  private check(input: UpdateEmailTemplateBody): void {
    for (const text of [input.subject, input.body]) {
      const unknown = unknownPlaceholders(input.name, text);
      if (unknown.length)
        throw new AppError('VALIDATION_ERROR', emailTemplateMessages.unknownPlaceholder(unknown));
      if (holdsScript(text)) throw new AppError('VALIDATION_ERROR', emailTemplateMessages.script);
    }
  }

  private async branding(tenantId: string): Promise<Branding> {
    const tenant = await this.deps.repo.branding(tenantId);
    if (!tenant) return DEFAULT_BRANDING;
    const logo = tenant.logo_url;
    const logoUrl = !logo
      ? null
      : /^https?:\/\//.test(logo)
        ? logo
        : logo.startsWith('/')
          ? `${this.deps.origin()}${logo}`
          : null;
    return {
      name: tenant.name,
      primary: tenant.primary_theme_color,
      secondary: tenant.secondary_theme_color,
      logoUrl,
    };
  }
}
