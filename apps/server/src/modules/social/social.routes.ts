import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SocialService } from './social.service.ts';

// STUB: GET /api/social/config, GET /api/social/authorize, POST /api/signInWithGoogle, POST /api/signUpWithGoogle.
export const socialRoutes: FastifyPluginAsyncZod<{
  social: SocialService;
  secureCookies: boolean;
}> = async () => {};
