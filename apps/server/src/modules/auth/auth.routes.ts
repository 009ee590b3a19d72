import {
  changePasswordBody,
  disableTwoFactorBody,
  disableTwoFactorQuery,
  enableTwoFactorBody,
  loginBody,
  loginResponse,
  messageResponse,
  mqttToken,
  passwordMessages,
  qrCodeRequest,
  qrCodeResponse,
  removeAccountMessages,
  twoFactorMessages,
  twoStepVerificationBody,
  twoStepVerificationHeaders,
  userDetails,
  userLanguageBody,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, SESSION_COOKIE, setSessionCookie } from '../../plugins/access.ts';
import type { AccountService } from './account.service.ts';
import type { MqttTokensService } from './mqtt-tokens.service.ts';
import type { SessionsService } from './sessions.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{
  sessions: SessionsService;
  twoFactor: TwoFactorService;
  account: AccountService;
  mqttTokens: MqttTokensService;
  secureCookies: boolean;
}> = async (app, { sessions, twoFactor, account, mqttTokens, secureCookies }) => {
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
      const outcome = await sessions.login(request.body, { key: request.params.key, address: request.ip });
      if (outcome.result === 'authenticated') setSessionCookie(reply, outcome.sessionId, secureCookies);
      return { result: outcome.result };
    },
  );

  app.post(
    '/api/twoStepVerification',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Second sign-in step: the authenticator code for the challenge of the twoFactorKey header',
        body: twoStepVerificationBody,
        headers: twoStepVerificationHeaders,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { sessionId } = await sessions.verifyTwoStep(request.body, {
        key: request.headers.twofactorkey,
        trustPeriod: request.headers.expiretime,
        address: request.ip,
      });
      setSessionCookie(reply, sessionId, secureCookies);
      return { result: 'authenticated' as const };
    },
  );

  app.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'End the session' } },
    async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (sessionId) await sessions.logout(sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/changePassword',
    {
      config: { access: 'PORTAL_USER_PASSWORD_CHANGE', sessionOnly: true },
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password; ends the user's other sessions",
        body: changePasswordBody,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await sessions.changePassword(principalOf(request), request.body);
      return { message: passwordMessages.changed };
    },
  );

  app.post(
    '/api/getQrCodeUrl',
    {
      config: { access: 'authenticated', sessionOnly: true },
      schema: {
        tags: ['auth'],
        summary:
          "Start setting up 2FA: a new secret (pending) and its QR code, for the signed-in user's own e-mail",
        body: qrCodeRequest,
        response: { 200: qrCodeResponse },
      },
    },
    async (request) => twoFactor.twoFactorSetup(principalOf(request), request.body.email),
  );

  app.put(
    '/api/enableTwoFA',
    {
      config: { access: 'authenticated', sessionOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'Turn 2FA on with a code from the pending secret; revokes trusted devices',
        body: enableTwoFactorBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await twoFactor.enableTwoFactor(principalOf(request), request.body);
      return { message: twoFactorMessages.enabled };
    },
  );

  app.delete(
    '/api/disableTwoFA/user',
    {
      config: { access: 'authenticated', sessionOnly: true },
      schema: {
        tags: ['auth'],
        summary:
          "Turn 2FA off: one's own, or (owner, root with IOT_DEVICE_SCOPE_MIGRATE) a user within reach; the body proves the signed-in user is present (a current code or their password)",
        querystring: disableTwoFactorQuery,
        body: disableTwoFactorBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await twoFactor.disableTwoFactor(principalOf(request), request.query.email, request.body);
      return { message: twoFactorMessages.disabled };
    },
  );

  app.delete(
    '/api/remove-your-account/userId/:userId/scopeId/:scopeId',
    {
      config: { access: 'authenticated', sessionOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'Delete your own account (free-tier scope only) and end its sessions',
        params: z.object({ userId: z.string().max(100), scopeId: z.string().max(100) }),
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      await account.removeOwnAccount(principalOf(request), request.params.userId, request.params.scopeId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: removeAccountMessages.removed };
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
    async (request) => account.userDetails(principalOf(request)),
  );

  app.put(
    '/api/user-details/language',
    {
      config: { access: 'authenticated', sessionOnly: true },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's own language: the web app and the mails to the user follow it",
        body: userLanguageBody,
        response: { 200: userLanguageBody },
      },
    },
    async (request) => {
      await account.setLanguage(principalOf(request), request.body.language);
      return { language: request.body.language };
    },
  );

  app.post(
    '/api/mqtt-token',
    {
      // Never for an API key: keys do not open the browser live channel (docs/api-keys.md).
      config: { access: 'MQTT_AUTH', sessionOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'One-use credential for the live-update connection',
        response: { 200: mqttToken },
      },
    },
    async (request) => mqttTokens.issueMqttToken(principalOf(request)),
  );
};
