import {
  emailTemplate,
  emailTemplatesQuery,
  testEmailTemplateBody,
  updateEmailTemplateBody,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';

const message = z.object({ message: z.string() });

/** Spec 002 section 7 ("Other"): root reads and changes the templates; a test send goes to root's address. */
export const emailTemplatesRoutes: FastifyPluginAsyncZod<{ templates: EmailTemplatesService }> = async (
  app,
  { templates },
) => {
  app.get(
    '/api/emailTemplate/all',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['email-templates'],
        summary: 'Every e-mail template with its placeholders, in one language (English unless asked; root)',
        querystring: emailTemplatesQuery,
        response: { 200: z.array(emailTemplate) },
      },
    },
    async (request) => templates.all(principalOf(request), request.query.language),
  );

  app.put(
    '/api/updateEmailTemplate',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['email-templates'],
        summary: 'Change the subject and body of a template (root); unknown placeholders and scripts refused',
        body: updateEmailTemplateBody,
        response: { 200: message },
      },
    },
    async (request) => templates.update(principalOf(request), request.body),
  );

  app.post(
    '/api/emailTemplate/test',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['email-templates'],
        summary: 'Send the template as given to the signed-in root user, with sample values',
        body: testEmailTemplateBody,
        response: { 200: message },
      },
    },
    async (request) => templates.sendTest(principalOf(request), request.body),
  );
};
