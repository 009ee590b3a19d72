import {
  type FeedbackPage,
  feedbackHasText,
  feedbackMessages,
  type SaveFeedbackBody,
} from '@portal/contract';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { FeedbackRepository } from './feedback.repository.ts';
import { feedbackText, sanitiseFeedback } from './feedback-sanitise.ts';

/** What the feedback module needs of others, as narrow ports. */
export interface FeedbackDeps {
  repo: FeedbackRepository;
  /** The signed-in user's tenant kind and e-mail. */
  whoIs(principal: Principal): Promise<{ email: string; tenantKind: string; tenantId: string }>;
  /** Sends the feedback mail to the support address. */
  mailFeedback(values: { email: string; html: string; text: string; tenantId: string }): Promise<void>;
}

/**
 * Feedback (spec 002 sections 2, 3, 7): the support tenant's users and root users write it; the body is
 * sanitised to a safe subset of HTML before anything else sees it, stored, and mailed to the support address.
 */
export class FeedbackService {
  constructor(private readonly deps: FeedbackDeps) {}

  private async allowed(principal: Principal) {
    const who = await this.deps.whoIs(principal);
    if (!principal.isRoot && who.tenantKind !== 'support') throw forbidden();
    return who;
  }

  async submit(principal: Principal, input: SaveFeedbackBody): Promise<{ message: string; id: string }> {
    const who = await this.allowed(principal);
    const html = sanitiseFeedback(input.body);
    if (!feedbackHasText(html)) throw new AppError('VALIDATION_ERROR', feedbackMessages.empty);
    // The sender is the session's user whatever the body says: feedback cannot be sent in another's name.
    const row = await this.deps.repo.insert({
      tenantId: principal.tenantId,
      userId: principal.userId,
      email: who.email,
      body: html,
    });
    await this.deps.mailFeedback({
      email: who.email,
      html,
      text: feedbackText(html),
      tenantId: who.tenantId,
    });
    return { message: feedbackMessages.submitted, id: row.id };
  }

  async list(principal: Principal, page: number, pageSize: number): Promise<FeedbackPage> {
    await this.allowed(principal);
    const { items, total } = await this.deps.repo.page(page * pageSize, pageSize);
    return {
      total,
      items: items.map((row) => ({
        id: row.id,
        email: row.email,
        body: row.body,
        tenantName: row.tenant_name ?? null,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  }
}
