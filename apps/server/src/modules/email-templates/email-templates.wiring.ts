import type { Language } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Mailer } from '../mail/index.ts';
import { EmailTemplatesRepository } from './email-templates.repository.ts';
import { emailTemplatesRoutes } from './email-templates.routes.ts';
import { EmailTemplatesService } from './email-templates.service.ts';

/** E-mail templates: every mail the portal sends is rendered here and handed to the mailer. */
export function createEmailTemplatesModule(options: {
  db: Kysely<Database>;
  mailer: Pick<Mailer, 'send'>;
  origin: () => string;
  /** The signed-in user's address and first name, and the language a user chose (modules/users). */
  users: {
    sessionUser(principal: Principal): Promise<{ email: string; first_name: string }>;
    languageOfEmail(email: string): Promise<Language | null>;
  };
}) {
  const templates = new EmailTemplatesService({
    repo: new EmailTemplatesRepository(options.db),
    mailer: options.mailer,
    origin: options.origin,
    userEmail: async (principal) => {
      const user = await options.users.sessionUser(principal);
      return { email: user.email, firstName: user.first_name };
    },
    languageOf: (email) => options.users.languageOfEmail(email),
  });
  return {
    templates,
    routes: (app) => app.register(emailTemplatesRoutes, { templates }),
  } satisfies ModuleParts & Record<string, unknown>;
}
