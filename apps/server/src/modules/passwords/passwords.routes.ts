import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PasswordsService } from './passwords.service.ts';

// STUB: POST /api/forgotPassword, POST /api/resetPassword.
export const passwordsRoutes: FastifyPluginAsyncZod<{ passwords: PasswordsService }> = async () => {};
