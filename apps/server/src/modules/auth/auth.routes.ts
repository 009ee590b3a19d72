import {
  changePasswordBody,
  loginBody,
  loginResponse,
  mqttToken,
  passwordMessages,
  userDetails,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, SESSION_COOKIE } from '../../plugins/access.ts';
import { type AuthService, SESSION_ABSOLUTE_MS } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; secureCookies: boolean }> = async (
  app,
  { auth, secureCookies },
) => {
  app.post(
    '/api/login/twoFactorKey/:key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        params: z.object({ key: z.string().min(1).max(100) }),
        body: loginBody,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { sessionId } = await auth.login(request.body);
      reply.setCookie(SESSION_COOKIE, sessionId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: SESSION_ABSOLUTE_MS / 1000,
      });
      return { result: 'authenticated' as const };
    },
  );

  app.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'End the session' } },
    async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (sessionId) await auth.logout(sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/changePassword',
    {
      config: { access: 'PORTAL_USER_PASSWORD_CHANGE' },
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password; ends the user's other sessions",
        body: changePasswordBody,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await auth.changePassword(principalOf(request), request.body);
      return { message: passwordMessages.changed };
    },
  );

  app.get(
    '/api/user-details',
    {
      config: { access: 'PORTAL_USER_DETAILS' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, tenant and permissions',
        response: { 200: userDetails },
      },
    },
    async (request) => auth.userDetails(principalOf(request)),
  );

  app.post(
    '/api/mqtt-token',
    {
      config: { access: 'MQTT_AUTH' },
      schema: {
        tags: ['auth'],
        summary: 'One-use credential for the live-update connection',
        response: { 200: mqttToken },
      },
    },
    async (request) => auth.issueMqttToken(principalOf(request)),
  );
};
