import {
  ADMIN_PRESET,
  DEFAULT_PERMISSIONS,
  live,
  type PortalUser,
  type PortalUsersLiveMessage,
  superAdminPreset,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  endClients,
  ROOT_EMAIL,
  signIn,
  type TestPortal,
  uniqueEmail,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';
import { type Customer, PASSWORD, portalUserCalls, portalUsersWorld } from './test-helpers.ts';

describe(`portal users (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alpha: Customer;
  let alphaManager: string;
  let child: Customer;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    ({ portal, root, alpha, alphaManager, child } = await portalUsersWorld());
  });
  afterEach(() => endClients(clients));

  const { db, list, create, update, remove, newUser, created, updateOf, signedIn, activate } =
    portalUserCalls(() => ({ portal, root }));

  describe('create, update and delete', () => {
    async function liveChannel(email: string, password: string, scopeId: string) {
      const cookie = await signIn(portal, email, password);
      const channel = live.portalUsers(scopeId);
      const { client, messages } = await watchLive<PortalUsersLiveMessage>(portal, cookie, channel);
      clients.push(client);
      return messages;
    }
    it('creates a user without a password, pushes newUser, updates it (updateUser) and deletes it (deleteUser)', async () => {
      const messages = await liveChannel(alpha.email, alpha.password, alpha.tenant.id);

      const body = newUser(alpha.tenant.id, {
        firstName: 'Nora',
        permissions: ['GATEWAY_READ', 'PORTAL_USER_READ', 'NOT_A_PERMISSION', 'FIRMWARE_WRITE'],
        phoneNumber: '+49 15112345678',
        countryShortCode: 'DE',
      });
      const response = await create(alphaManager, body);
      expect(response.statusCode).toBe(201);
      const user: PortalUser = response.json();
      expect(user).toMatchObject({
        email: body.email,
        firstName: 'Nora',
        scopeId: alpha.tenant.id,
        owner: false,
        status: 'Active',
        secureAuthentication: false,
        socialLogin: false,
        isRootUser: false,
        phoneNumber: '+49 15112345678',
        countryShortCode: 'DE',
      });
      // Unknown codes dropped, the defaults added, admin-tenant-only codes never outside the admin tenant.
      expect([...user.permissions].sort()).toEqual(
        [...DEFAULT_PERMISSIONS, 'GATEWAY_READ', 'PORTAL_USER_READ'].sort(),
      );
      const stored = await db()
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(stored.password_hash).toBeNull();
      await waitFor(async () => messages.find((m) => m.type === 'newUser' && m.user.id === user.id));
      // The mailed link sets the first password.
      await activate(body.email);
      await signIn(portal, body.email, PASSWORD);

      const changed = await update(
        alphaManager,
        updateOf(user, {
          firstName: 'Nina',
          phoneNumber: '',
          countryShortCode: '',
          permissions: [...ADMIN_PRESET],
        }),
      );
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({
        id: user.id,
        firstName: 'Nina',
        phoneNumber: '',
        email: body.email,
      });
      expect([...changed.json().permissions].sort()).toEqual([...ADMIN_PRESET].sort());
      await waitFor(async () => messages.find((m) => m.type === 'updateUser' && m.user.firstName === 'Nina'));

      const removed = await remove(alphaManager, user.id, alpha.tenant.id);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ message: 'User successfully removed' });
      await waitFor(async () => messages.find((m) => m.type === 'deleteUser' && m.id === user.id));
      expect(await portal.services.portalUsers.findByEmail(body.email)).toBeNull();
    });

    it('keeps the admin-tenant-only permissions for a user of the admin tenant', async () => {
      const rootTenant = (await portal.services.portalUsers.findByEmail(ROOT_EMAIL))!.tenantId;
      const user = await created(rootTenant, { permissions: superAdminPreset(true) });
      expect(user.permissions).toHaveLength(29);
      expect(user.permissions).toEqual(expect.arrayContaining(['FIRMWARE_WRITE', 'TOP_LEVEL_SCOPE_READ']));
      expect(
        (await created(alpha.tenant.id, { permissions: superAdminPreset(true) })).permissions,
      ).toHaveLength(27);
    });

    it('refuses to change the e-mail on update', async () => {
      const user = await created(alpha.tenant.id);
      const response = await update(alphaManager, updateOf(user, { email: uniqueEmail('other') }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The email cannot be changed.');
      const same = await update(alphaManager, updateOf(user, { email: user.email.toUpperCase() }));
      expect(same.statusCode).toBe(200);
    });

    it('adds nobody to a customer that is being deleted', async () => {
      const doomed = await createCustomerWithUser(portal, 'Doomed');
      await portal.database.db
        .updateTable('tenants')
        .set({ status: 'DELETE_PENDING' })
        .where('id', '=', doomed.tenant.id)
        .execute();
      const response = await create(root, newUser(doomed.tenant.id));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('customer is being deleted');
    });

    it('moves a user to a sub-scope, telling both scopes', async () => {
      const parentMessages = await liveChannel(alpha.email, alpha.password, alpha.tenant.id);
      const childMessages = await liveChannel(alpha.email, alpha.password, child.tenant.id);
      const user = await created(alpha.tenant.id);
      const moved = await update(alphaManager, updateOf(user, { scopeId: child.tenant.id }));
      expect(moved.statusCode).toBe(200);
      expect(moved.json().scopeId).toBe(child.tenant.id);
      await waitFor(async () => parentMessages.find((m) => m.type === 'deleteUser' && m.id === user.id));
      await waitFor(async () => childMessages.find((m) => m.type === 'newUser' && m.user.id === user.id));
    });

    it("gives a user's open sessions the new permissions on their next call, and ends them when it is deleted", async () => {
      const user = await created(alpha.tenant.id, { permissions: [...ADMIN_PRESET] });
      const cookie = await signedIn(user);
      expect((await list(cookie, { scopeId: alpha.tenant.id })).statusCode).toBe(200);
      const withoutRead = ADMIN_PRESET.filter((code) => code !== 'PORTAL_USER_READ');
      expect((await update(alphaManager, updateOf(user, { permissions: withoutRead }))).statusCode).toBe(200);
      expect((await list(cookie, { scopeId: alpha.tenant.id })).statusCode).toBe(403);
      expect(
        (await update(alphaManager, updateOf(user, { permissions: [...ADMIN_PRESET] }))).statusCode,
      ).toBe(200);
      expect((await list(cookie, { scopeId: alpha.tenant.id })).statusCode).toBe(200);

      expect((await remove(alphaManager, user.id, alpha.tenant.id)).statusCode).toBe(200);
      const after = await portal.app.inject({ method: 'GET', url: '/api/user-details', headers: { cookie } });
      expect(after.statusCode).toBe(401);
    });
  });
});
