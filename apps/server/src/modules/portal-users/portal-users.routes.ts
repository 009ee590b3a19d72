import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PortalUsersService } from './portal-users.service.ts';

// STUB: the portal-users calls of spec 002 section 7 and POST /api/portalUserSignup.
export const portalUsersRoutes: FastifyPluginAsyncZod<{ portalUsers: PortalUsersService }> = async () => {};
