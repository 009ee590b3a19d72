import {
  loginResponse,
  messageResponse,
  signUpMessages,
  socialAuthorizeQuery,
  socialAuthorizeResponse,
  socialConfig,
  socialSignInBody,
  socialSignUpBody,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setSessionCookie } from '../../plugins/access.ts';
import { SOCIAL_REQUEST_TTL_MS, type SocialService } from './social.service.ts';

/** Binds a social sign-in to the browser that started it (only its digest is stored). */
export const OIDC_COOKIE = 'oidc';
const CALLBACK_PATH = '/api/social/callback';

export const socialRoutes: FastifyPluginAsyncZod<{
  social: SocialService;
  secureCookies: boolean;
}> = async (app, { social, secureCookies }) => {
  const publicUrl = social.config.PUBLIC_URL?.replace(/\/+$/, '');
  /** The provider sends the browser back here; the token request repeats the same URI. */
  const redirectUri = (request: FastifyRequest) =>
    `${publicUrl ?? `${request.protocol}://${request.host}`}${CALLBACK_PATH}`;

  app.get(
    '/api/social/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['social'],
        summary: 'Whether social sign-in is configured, and the name of its provider',
        response: { 200: socialConfig },
      },
    },
    async () => social.settings(),
  );

  app.get(
    '/api/social/authorize',
    {
      config: { access: 'public' },
      schema: {
        tags: ['social'],
        summary: "The provider's sign-in URL (state, nonce and PKCE set; bound to this browser)",
        querystring: socialAuthorizeQuery,
        response: { 200: socialAuthorizeResponse },
      },
    },
    async (request, reply) => {
      const { url, browser } = await social.authorize(request.query.mode, redirectUri(request));
      reply.setCookie(OIDC_COOKIE, browser, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: SOCIAL_REQUEST_TTL_MS / 1000,
      });
      return { url };
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['social'],
        summary: "The provider's redirect: hands the code to the web app's login page",
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          iss: z.string().optional(),
          error: z.string().optional(),
        }),
      },
    },
    async (request, reply) => reply.redirect(social.callbackTarget(request.query), 302),
  );

  app.post(
    '/api/signInWithGoogle',
    {
      config: { access: 'public' },
      schema: {
        tags: ['social'],
        summary: 'Sign in with the code the social provider returned',
        body: socialSignInBody,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { sessionId } = await social.signIn({
        ...request.body,
        browser: request.cookies[OIDC_COOKIE],
        redirectUri: redirectUri(request),
      });
      setSessionCookie(reply, sessionId, secureCookies);
      return { result: 'authenticated' as const };
    },
  );

  app.post(
    '/api/signUpWithGoogle',
    {
      config: { access: 'public' },
      schema: {
        tags: ['social'],
        summary:
          'Create a free-tier user from the code the social provider returned (scope and permissions are ignored)',
        body: socialSignUpBody,
        response: { 201: messageResponse },
      },
    },
    async (request, reply) => {
      await social.signUp({
        code: request.body.code,
        state: request.body.state,
        browser: request.cookies[OIDC_COOKIE],
        redirectUri: redirectUri(request),
      });
      return reply.status(201).send({ message: signUpMessages.socialCreated });
    },
  );
};
