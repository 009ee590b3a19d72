export type { FeedbackService } from './feedback.service.ts';
export { createFeedbackModule } from './feedback.wiring.ts';
