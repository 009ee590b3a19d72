export { createFeedbackModule } from './feedback.wiring.ts';
