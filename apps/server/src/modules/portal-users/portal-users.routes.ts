import {
  createCustomerBody,
  createPortalUserBody,
  duplicateEmailResponse,
  messageResponse,
  portalUser,
  portalUserMessages,
  portalUsersPage,
  portalUsersQuery,
  preferredLanguage,
  scopeIdResponse,
  signUpBody,
  signUpMessages,
  updatePortalUserBody,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access.ts';
import type { PortalUsersService } from './portal-users.service.ts';
import type { SignUpService } from './sign-up.service.ts';

/** A user record is small: 16 KiB is plenty and keeps oversized bodies out early. */
export const PORTAL_USER_BODY_LIMIT = 16 * 1024;

/** The portal-user calls of spec 002 section 7 and the sign-up calls of spec 000 section 7, paths as written. */
export const portalUsersRoutes: FastifyPluginAsyncZod<{
  portalUsers: PortalUsersService;
  signUp: SignUpService;
}> = async (app, { portalUsers, signUp }) => {
  app.get(
    '/api/getPortalUsers/portalUsers',
    {
      config: { access: 'PORTAL_USER_READ' },
      schema: {
        tags: ['portal-users'],
        summary: 'Users of one scope, searched, sorted and paged',
        querystring: portalUsersQuery,
        response: { 200: portalUsersPage },
      },
    },
    async (request) => portalUsers.list(principalOf(request), request.query),
  );

  app.post(
    '/api/createPortalUser',
    {
      config: { access: 'PORTAL_USER_WRITE' },
      bodyLimit: PORTAL_USER_BODY_LIMIT,
      schema: {
        tags: ['portal-users'],
        summary: 'Create a user in a scope; a set-password link is mailed',
        body: createPortalUserBody,
        response: { 201: portalUser },
      },
    },
    async (request, reply) => {
      const user = await portalUsers.create(principalOf(request), request.body);
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/api/createCustomer',
    {
      config: { access: 'SCOPE_WRITE' },
      bodyLimit: PORTAL_USER_BODY_LIMIT,
      schema: {
        tags: ['portal-users', 'tenants'],
        summary:
          'Create a customer and its super admin in one transaction (both or neither); a set-password link is mailed',
        body: createCustomerBody,
        response: { 201: scopeIdResponse },
      },
    },
    async (request, reply) => {
      const created = await portalUsers.createCustomer(principalOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/updatePortalUser',
    {
      config: { access: 'PORTAL_USER_WRITE' },
      bodyLimit: PORTAL_USER_BODY_LIMIT,
      schema: {
        tags: ['portal-users'],
        summary: 'Update a user (names, phone, permissions, scope); the e-mail is read-only',
        body: updatePortalUserBody,
        response: { 200: portalUser },
      },
    },
    async (request) => portalUsers.update(principalOf(request), request.body),
  );

  app.delete(
    '/api/delete-portal-user/userId/:userId/scopeId/:scopeId',
    {
      config: { access: 'PORTAL_USER_DELETE' },
      schema: {
        tags: ['portal-users'],
        summary: 'Delete a user of a scope; its sessions end',
        params: z.object({ userId: z.string().min(1).max(100), scopeId: z.string().min(1).max(100) }),
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await portalUsers.remove(principalOf(request), request.params.userId, request.params.scopeId);
      return { message: portalUserMessages.removed };
    },
  );

  app.get(
    '/api/check-duplicate-user-email/:email',
    {
      config: { access: 'PORTAL_USER_WRITE' },
      schema: {
        tags: ['portal-users'],
        summary: 'Whether an e-mail is already registered (e-mails are unique across tenants)',
        params: z.object({ email: z.string().min(1).max(200) }),
        response: { 200: duplicateEmailResponse },
      },
    },
    async (request) => portalUsers.checkDuplicateEmail(principalOf(request), request.params.email),
  );

  app.post(
    '/api/portalUserSignup',
    {
      config: { access: 'public' },
      bodyLimit: PORTAL_USER_BODY_LIMIT,
      schema: {
        tags: ['portal-users'],
        summary: 'Self-service sign-up into the general users scope; a set-password link is mailed',
        body: signUpBody,
        response: { 201: messageResponse },
      },
    },
    async (request, reply) => {
      await signUp.signUp(request.body, {
        address: request.ip,
        language: preferredLanguage(request.headers['accept-language']),
      });
      return reply.status(201).send({ message: signUpMessages.created });
    },
  );

  app.get(
    '/api/getGeneralUsersScopeId/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['portal-users'],
        summary: 'Id of the general users (free-tier) scope',
        response: { 200: z.object({ scopeId: z.string() }) },
      },
    },
    async () => ({ scopeId: await signUp.generalUsersScopeId() }),
  );
};
