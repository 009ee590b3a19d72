import { emailTemplate, type Language } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';

export const emailTemplatesQueryKey = ['email-templates'] as const;

/** GET /api/emailTemplate/all?language= (spec 002 section 7): every template of one language (root). */
export function getEmailTemplates(language: Language) {
  return apiRequest(`/api/emailTemplate/all?language=${language}`, { schema: z.array(emailTemplate) });
}

export const emailTemplatesQuery = (language: Language) =>
  queryOptions({
    queryKey: [...emailTemplatesQueryKey, language],
    queryFn: () => getEmailTemplates(language),
  });

export function useEmailTemplates(language: Language) {
  return useQuery(emailTemplatesQuery(language));
}
