import {
  forgotPasswordBody,
  forgotPasswordMessages,
  messageResponse,
  preferredLanguage,
  resetLinkMessages,
  resetPasswordBody,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PasswordsService } from './passwords.service.ts';

export const passwordsRoutes: FastifyPluginAsyncZod<{ passwords: PasswordsService }> = async (
  app,
  { passwords },
) => {
  app.post(
    '/api/forgotPassword',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Mail a password-reset link; the answer is the same whether or not the address is registered',
        body: forgotPasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await passwords.forgotPassword(request.body.email, {
        address: request.ip,
        language: preferredLanguage(request.headers['accept-language']),
      });
      return { message: forgotPasswordMessages.sent };
    },
  );

  app.post(
    '/api/resetPassword',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Set the password from an e-mailed reset or first-password link; signs the user out everywhere',
        body: resetPasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await passwords.resetPassword(request.body);
      return { message: resetLinkMessages.resetDone };
    },
  );
};
