import { feedbackListQuery, feedbackPage, saveFeedbackBody } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access.ts';
import type { FeedbackService } from './feedback.service.ts';

export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: FeedbackService }> = async (
  app,
  { feedback },
) => {
  app.post(
    '/api/saveFeedBack',
    {
      config: { access: 'authenticated' },
      // 20,000 characters of HTML, JSON-escaped and in UTF-8, stay well under this.
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback (support tenant and root users); the body is sanitised HTML',
        body: saveFeedbackBody,
        response: { 201: z.object({ message: z.string(), id: z.string() }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await feedback.submit(principalOf(request), request.body)),
  );

  app.get(
    '/api/feedback',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['feedback'],
        summary: 'Feedback received, newest first (support tenant and root users)',
        querystring: feedbackListQuery,
        response: { 200: feedbackPage },
      },
    },
    async (request) => feedback.list(principalOf(request), request.query.page, request.query.pageSize),
  );
};
