import { messageResponse, type UpdateEmailTemplateBody } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/emailTemplate/test: the template as edited, with sample values, to the signed-in root user. */
export function sendTestEmail(body: UpdateEmailTemplateBody) {
  return apiRequest('/api/emailTemplate/test', { method: 'POST', body, schema: messageResponse });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
