import { z } from 'zod';

/** Spec 002 section 8. */
export const feedbackMessages = {
  submitted: 'Successfully submitted feedback',
  failed: 'Failed to submit feedback',
  empty: 'Feedback must hold some text',
  tooLarge: 'Feedback is too long',
} as const;

/** Largest body accepted, in characters of the editor's HTML (about 10 pages of formatted text). */
export const FEEDBACK_MAX_BODY = 20_000;
export const FEEDBACK_MAX_EMAIL = 200;

/** Whether a piece of the editor's HTML holds any text a reader would see. */
export function feedbackHasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() !== ''
  );
}

/** POST /api/saveFeedBack (spec 002 section 7): the sender's e-mail and the editor's HTML. */
export const saveFeedbackBody = z.object({
  email: z.string().trim().email().max(FEEDBACK_MAX_EMAIL),
  body: z
    .string()
    .max(FEEDBACK_MAX_BODY, feedbackMessages.tooLarge)
    .refine(feedbackHasText, feedbackMessages.empty),
});
export type SaveFeedbackBody = z.infer<typeof saveFeedbackBody>;

/** One feedback as root and support users read it; `body` is the sanitised HTML stored. */
export const feedbackEntry = z.object({
  id: z.string(),
  email: z.string(),
  body: z.string(),
  tenantName: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntry>;

export const FEEDBACK_PAGE_SIZE = 20;
/** GET /api/feedback: newest first, a page at a time. */
export const feedbackListQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).optional().default(0),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(FEEDBACK_PAGE_SIZE),
});
export const feedbackPage = z.object({ items: z.array(feedbackEntry), total: z.number().int() });
export type FeedbackPage = z.infer<typeof feedbackPage>;
