import {
  DEFAULT_LANGUAGE,
  EMAIL_TEMPLATE_NAMES,
  EMAIL_TEMPLATES,
  type EmailTemplate,
  type EmailTemplateName,
  emailTemplateMessages,
  holdsScript,
  type Language,
  type UpdateEmailTemplateBody,
  unknownPlaceholders,
} from '@portal/contract';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Mailer } from '../mail/index.ts';
import { type Branding, DEFAULT_BRANDING, describeDuration, renderMail } from './email-render.ts';
import { builtInTemplate, SAMPLE_VALUES } from './email-templates.defaults.ts';
import type { EmailTemplatesRepository } from './email-templates.repository.ts';

export const PORTAL_NAME = 'IoT Portal';

/** A placeholder's value, or how to say it in the mail's language ('1 hour', '1 Stunde'). */
export type MailValues = Record<string, string | ((language: Language) => string)>;

/**
 * What other modules send mail through: a template by name, its values, whose users it goes to, and the
 * language of the request that caused it (a forgotten password's Accept-Language), for a recipient who chose none.
 */
export interface TemplatedMail {
  sendTemplate(
    name: EmailTemplateName,
    to: string,
    values: MailValues,
    options?: { tenantId?: string | null; raw?: readonly string[]; language?: Language | null },
  ): Promise<string>;
}

/**
 * E-mail templates (spec 002 section 7, docs/audit.md): every mail the portal sends is rendered from one, with
 * named placeholders, in the frame of the recipient's customer (logo, colours), in the recipient's language
 * (docs/i18n.md). Root edits them, each language's text on its own.
 */
export class EmailTemplatesService implements TemplatedMail {
  constructor(
    private readonly deps: {
      repo: EmailTemplatesRepository;
      mailer: Pick<Mailer, 'send'>;
      origin: () => string;
      userEmail: (principal: Principal) => Promise<{ email: string; firstName: string }>;
      /** The language the user with this address chose (modules/users), null when none or no such user. */
      languageOf: (email: string) => Promise<Language | null>;
    },
  ) {}

  /** Every template in one language (English unless asked), root's text where root changed it. */
  async all(principal: Principal, language: Language = DEFAULT_LANGUAGE): Promise<EmailTemplate[]> {
    if (!principal.isRoot) throw forbidden();
    const stored = new Map((await this.deps.repo.all(language)).map((row) => [row.name, row]));
    return EMAIL_TEMPLATE_NAMES.map((name) => {
      const row = stored.get(name);
      return {
        name,
        language,
        subject: row?.subject ?? builtInTemplate(name, language).subject,
        body: row?.body ?? builtInTemplate(name, language).body,
        placeholders: [...EMAIL_TEMPLATES[name]],
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      };
    });
  }

  async update(principal: Principal, input: UpdateEmailTemplateBody): Promise<{ message: string }> {
    if (!principal.isRoot) throw forbidden();
    this.check(input);
    const language = input.language ?? DEFAULT_LANGUAGE;
    await this.deps.repo.upsert({ ...input, language, updatedBy: principal.userId });
    return { message: emailTemplateMessages.updated };
  }

  /** Sends the template as given (saved or not) with the sample values to the caller's own address. */
  async sendTest(principal: Principal, input: UpdateEmailTemplateBody): Promise<{ message: string }> {
    if (!principal.isRoot) throw forbidden();
    this.check(input);
    const me = await this.deps.userEmail(principal);
    const language = input.language ?? DEFAULT_LANGUAGE;
    const values = {
      ...SAMPLE_VALUES,
      validity: describeDuration(3600_000, language),
      firstName: me.firstName,
      email: me.email,
      portalName: PORTAL_NAME,
    };
    const mail = renderMail(input, values, await this.branding(principal.tenantId), ['body']);
    await this.deps.mailer.send({ to: me.email, ...mail });
    return { message: emailTemplateMessages.testSent };
  }

  /**
   * Renders and stores one mail. Its language: the one the recipient chose, else the caller's (the request
   * that caused it), else English; its text: root's for that language, else the built-in one.
   */
  async sendTemplate(
    name: EmailTemplateName,
    to: string,
    values: MailValues,
    options: { tenantId?: string | null; raw?: readonly string[]; language?: Language | null } = {},
  ): Promise<string> {
    const language = (await this.deps.languageOf(to)) ?? options.language ?? DEFAULT_LANGUAGE;
    const template = (await this.deps.repo.find(name, language)) ?? builtInTemplate(name, language);
    const branding = options.tenantId ? await this.branding(options.tenantId) : DEFAULT_BRANDING;
    const said = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [
        key,
        typeof value === 'function' ? value(language) : value,
      ]),
    );
    const mail = renderMail(
      template,
      { portalName: PORTAL_NAME, tenantName: branding.name, ...said },
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
