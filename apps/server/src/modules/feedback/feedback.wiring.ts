import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TemplatedMail } from '../email-templates/index.ts';
import { FeedbackRepository } from './feedback.repository.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { type FeedbackDeps, FeedbackService } from './feedback.service.ts';

/** Feedback: written by support and root users, stored sanitised, mailed to the support address. */
export function createFeedbackModule(options: {
  db: Kysely<Database>;
  users: { sessionUser(principal: Principal): Promise<{ email: string }> };
  tenants: { findById(id: string): Promise<{ kind: string } | undefined> };
  mail: Pick<TemplatedMail, 'sendTemplate'>;
  /** The support address (FEEDBACK_EMAIL, else ROOT_EMAIL). */
  to: string;
}) {
  const whoIs: FeedbackDeps['whoIs'] = async (principal) => {
    const user = await options.users.sessionUser(principal);
    const tenant = await options.tenants.findById(principal.tenantId);
    return { email: user.email, tenantKind: tenant?.kind ?? '', tenantId: principal.tenantId };
  };
  const mailFeedback: FeedbackDeps['mailFeedback'] = async ({ email, html, tenantId }) => {
    await options.mail.sendTemplate(
      'feedback',
      options.to,
      { email, body: html },
      { tenantId, raw: ['body'] },
    );
  };
  const feedback = new FeedbackService({ repo: new FeedbackRepository(options.db), whoIs, mailFeedback });
  return {
    feedback,
    routes: (app) => app.register(feedbackRoutes, { feedback }),
  } satisfies ModuleParts & Record<string, unknown>;
}
