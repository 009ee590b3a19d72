/** What other features may use of the e-mail templates (its page is in pages.ts): the preview. */
export { previewDocument } from './preview.ts';
