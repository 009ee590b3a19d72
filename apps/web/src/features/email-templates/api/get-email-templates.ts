import { emailTemplate } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';

export const emailTemplatesQueryKey = ['email-templates'] as const;

/** GET /api/emailTemplate/all (spec 002 section 7): every template with its placeholders (root). */
export function getEmailTemplates() {
  return apiRequest('/api/emailTemplate/all', { schema: z.array(emailTemplate) });
}

export const emailTemplatesQuery = queryOptions({
  queryKey: emailTemplatesQueryKey,
  queryFn: getEmailTemplates,
});

export function useEmailTemplates() {
  return useQuery(emailTemplatesQuery);
}
