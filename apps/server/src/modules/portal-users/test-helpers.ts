import { ADMIN_PRESET, type PortalUser, superAdminPreset } from '@portal/contract';
import { expect } from 'vitest';
import {
  createCustomerWithUser,
  injectAs,
  sharedPortal,
  signIn,
  type TestPortal,
  uniqueEmail,
} from '../../../test/harness.ts';
import { hashPassword } from '../../lib/crypto.ts';

// Helpers of the portal users integration tests.

export const PASSWORD = 'UserPass1';

export type Customer = Awaited<ReturnType<typeof createCustomerWithUser>>;

/**
 * The worker's shared portal, signed in as root, with new customers Alpha (and its child Child) and Beta whose
 * users hold the super-admin preset; Alpha's user signed in as its manager.
 */
export async function portalUsersWorld() {
  const portal = await sharedPortal();
  const root = await signIn(portal);
  const alpha = await createCustomerWithUser(portal, 'Alpha', { permissions: superAdminPreset(false) });
  const alphaManager = await signIn(portal, alpha.email, alpha.password);
  const beta = await createCustomerWithUser(portal, 'Beta', { permissions: superAdminPreset(false) });
  const child = await createCustomerWithUser(portal, 'Child', {
    parentId: alpha.tenant.id,
    permissions: superAdminPreset(false),
  });
  return { portal, root, alpha, alphaManager, beta, child };
}

/** The portal users API and the database as the tests use them, on the portal `world` gives once started. */
export function portalUserCalls(world: () => { portal: TestPortal; root: string }) {
  const portal = () => world().portal;
  const db = () => portal().database.db;
  const list = (cookie: string, query: Record<string, string | number>) =>
    injectAs(portal(), cookie, 'GET', '/api/getPortalUsers/portalUsers', { query });
  const create = (cookie: string, payload: Record<string, unknown>) =>
    injectAs(portal(), cookie, 'POST', '/api/createPortalUser', { payload });
  const update = (cookie: string, payload: Record<string, unknown>) =>
    injectAs(portal(), cookie, 'PUT', '/api/updatePortalUser', { payload });
  const remove = (cookie: string, userId: string, scopeId: string) =>
    injectAs(portal(), cookie, 'DELETE', `/api/delete-portal-user/userId/${userId}/scopeId/${scopeId}`);
  const checkEmail = (cookie: string, email: string) =>
    injectAs(portal(), cookie, 'GET', `/api/check-duplicate-user-email/${encodeURIComponent(email)}`);

  const newUser = (scopeId: string, overrides: Record<string, unknown> = {}) => ({
    email: uniqueEmail(),
    firstName: 'New',
    lastName: 'User',
    scopeId,
    permissions: [...ADMIN_PRESET],
    ...overrides,
  });
  /** Creates a user as root and answers it. */
  async function created(scopeId: string, overrides: Record<string, unknown> = {}): Promise<PortalUser> {
    const response = await create(world().root, newUser(scopeId, overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const updateOf = (user: PortalUser, overrides: Record<string, unknown> = {}) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    scopeId: user.scopeId,
    permissions: user.permissions,
    phoneNumber: user.phoneNumber,
    countryShortCode: user.countryShortCode,
    ...overrides,
  });
  /** Gives a created user a password and signs it in. */
  async function signedIn(user: { email: string }): Promise<string> {
    await db()
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('email', '=', user.email)
      .execute();
    return signIn(portal(), user.email, PASSWORD);
  }
  /** Sets the first password through the link mailed to the address (to the portal's own address). */
  async function activate(email: string): Promise<void> {
    const mail = await db()
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', email)
      .executeTakeFirst();
    const link = `${portal().baseUrl}/#/portal-user/reset-password/`;
    const token = mail?.body.split(link)[1]?.split(/\s/)[0];
    expect(token, mail?.body).toBeTruthy();
    const response = await portal().app.inject({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { password: PASSWORD, confirm_password: PASSWORD, activationCode: token },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const usersOf = (tenantId: string) =>
    db().selectFrom('users').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
  const problems = (response: { json(): { details?: { message: string }[] } }) =>
    (response.json().details ?? []).map((d) => d.message);

  return {
    db,
    list,
    create,
    update,
    remove,
    checkEmail,
    newUser,
    created,
    updateOf,
    signedIn,
    activate,
    usersOf,
    problems,
  };
}
