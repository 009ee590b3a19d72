import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { FeedbackRepository } from './feedback.repository.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { type FeedbackDeps, FeedbackService } from './feedback.service.ts';

/** Feedback: written by support and root users, stored sanitised, mailed to the support address. */
export function createFeedbackModule(options: {
  db: Kysely<Database>;
  whoIs: FeedbackDeps['whoIs'];
  mailFeedback: FeedbackDeps['mailFeedback'];
}) {
  const feedback = new FeedbackService({
    repo: new FeedbackRepository(options.db),
    whoIs: options.whoIs,
    mailFeedback: options.mailFeedback,
  });
  return {
    feedback,
    routes: (app) => app.register(feedbackRoutes, { feedback }),
  } satisfies ModuleParts & Record<string, unknown>;
}
