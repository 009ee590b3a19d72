import { ACTIVITY_KINDS, activityBody, activityHeaders } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/access.ts';
import type { ActivitiesService, SessionUsers } from './activities.service.ts';

const SESSION_KINDS = ['login', 'logout', 'signUp'] as const;
const USER_KINDS = ACTIVITY_KINDS.filter((kind) => kind.endsWith('Viewed'));

/**
 * The activity calls of spec 000/002 section 7. The acting user is the session's, whatever the body says:
 * an activity cannot be recorded for somebody else. See docs/identity.md for the two headers.
 */
export const activitiesRoutes: FastifyPluginAsyncZod<{
  activities: ActivitiesService;
  users: SessionUsers;
}> = async (app, { activities, users }) => {
  const record = (kinds: readonly string[]) => async (request: FastifyRequest) => {
    const headers = activityHeaders.parse(request.headers);
    if (!kinds.includes(headers['activity-key']))
      throw new AppError('VALIDATION_ERROR', `Activity-Key must be one of ${kinds.join(', ')}`);
    const principal = principalOf(request);
    const user = await users.sessionUser(principal);
    await activities.record(
      headers['activity-key'],
      { tenantId: principal.tenantId, userId: principal.userId, email: user.email },
      { subject: activityBody.parse(request.body ?? {}).subject, providedKey: headers['provided-key'] },
    );
    return { message: 'Activity saved' };
  };

  app.post(
    '/api/saveLoginOrLogoutActivity',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['activity'],
        summary: 'Record a login, sign-up or logout seen by an API client (the server records its own)',
        headers: activityHeaders,
        body: activityBody,
      },
    },
    record(SESSION_KINDS),
  );

  app.put(
    '/api/saveUserActivities',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['activity'],
        summary: 'Record what the user viewed (alertsViewed, infoViewed, diagnosticViewed)',
        headers: activityHeaders,
        body: activityBody,
      },
    },
    record(USER_KINDS),
  );
};
