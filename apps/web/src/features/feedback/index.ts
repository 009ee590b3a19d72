/** What other features may use of feedback (its page is in pages.ts): nothing yet but the safe HTML check. */
export { safeFeedbackHtml } from './safe-html.ts';
