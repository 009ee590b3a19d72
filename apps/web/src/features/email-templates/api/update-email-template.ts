import { messageResponse, type UpdateEmailTemplateBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { emailTemplatesQueryKey } from './get-email-templates.ts';

/** PUT /api/updateEmailTemplate (spec 002 section 7). */
export function updateEmailTemplate(body: UpdateEmailTemplateBody) {
  return apiRequest('/api/updateEmailTemplate', { method: 'PUT', body, schema: messageResponse });
}

export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey }),
  });
}
