import { randomBytes } from 'node:crypto';
import {
  ADMIN_PRESET,
  DEFAULT_PERMISSIONS,
  live,
  type PortalUser,
  type PortalUsersLiveMessage,
  portalUserMessages,
  superAdminPreset,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  ROOT_EMAIL,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { hashPassword } from '../../lib/crypto.ts';

const PASSWORD = 'UserPass1';
const tag = () => randomBytes(3).toString('hex');
const uniqueEmail = (label = 'user') => `${label}-${tag()}@test.com`;

const stringValues = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));

type Customer = Awaited<ReturnType<typeof createCustomerWithUser>>;

describe(`portal users (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alpha: Customer;
  let alphaManager: string;
  let beta: Customer;
  let child: Customer;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    root = await signIn(portal);
    alpha = await createCustomerWithUser(portal, 'Alpha', { permissions: superAdminPreset(false) });
    alphaManager = await signIn(portal, alpha.email, alpha.password);
    beta = await createCustomerWithUser(portal, 'Beta', { permissions: superAdminPreset(false) });
    child = await createCustomerWithUser(portal, 'Child', {
      parentId: alpha.tenant.id,
      permissions: superAdminPreset(false),
    });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  });
  afterAll(async () => {
    await portal?.close();
  });

  const db = () => portal.database.db;
  const list = (cookie: string, query: Record<string, string | number>) =>
    portal.app.inject({
      method: 'GET',
      url: '/api/getPortalUsers/portalUsers',
      query: stringValues(query),
      headers: { cookie },
    });
  const create = (cookie: string, payload: Record<string, unknown>) =>
    portal.app.inject({ method: 'POST', url: '/api/createPortalUser', headers: { cookie }, payload });
  const update = (cookie: string, payload: Record<string, unknown>) =>
    portal.app.inject({ method: 'PUT', url: '/api/updatePortalUser', headers: { cookie }, payload });
  const remove = (cookie: string, userId: string, scopeId: string) =>
    portal.app.inject({
      method: 'DELETE',
      url: `/api/delete-portal-user/userId/${userId}/scopeId/${scopeId}`,
      headers: { cookie },
    });
  const checkEmail = (cookie: string, email: string) =>
    portal.app.inject({
      method: 'GET',
      url: `/api/check-duplicate-user-email/${encodeURIComponent(email)}`,
      headers: { cookie },
    });

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
    const response = await create(root, newUser(scopeId, overrides));
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
    return signIn(portal, user.email, PASSWORD);
  }
  /** Sets the first password through the link mailed to the address (to the request's own origin). */
  async function activate(email: string): Promise<void> {
    const mail = await db()
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', email)
      .executeTakeFirst();
    const token = /http:\/\/localhost:80\/#\/portal-user\/reset-password\/(\S+)/.exec(mail?.body ?? '')?.[1];
    expect(token, mail?.body).toBeTruthy();
    const response = await portal.app.inject({
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

  describe('field rules (spec 002 section 5)', () => {
    it('accepts names of 1 and 20 characters, strips leading spaces, and refuses 21, empty or blank', async () => {
      const longest = await created(alpha.tenant.id, {
        firstName: 'F'.repeat(20),
        lastName: `  ${'L'.repeat(20)}`,
      });
      expect(longest).toMatchObject({ firstName: 'F'.repeat(20), lastName: 'L'.repeat(20) });
      const shortest = await created(alpha.tenant.id, { firstName: 'F', lastName: 'L' });
      expect(shortest).toMatchObject({ firstName: 'F', lastName: 'L' });

      const refusals: [Record<string, string>, string][] = [
        [{ firstName: 'F'.repeat(21) }, 'Invalid First Name.'],
        [{ firstName: '' }, 'Invalid First Name.'],
        [{ firstName: '   ' }, 'Invalid First Name.'],
        [{ lastName: 'L'.repeat(21) }, 'Invalid Last Name.'],
        [{ lastName: '' }, 'Invalid Last Name.'],
      ];
      for (const [fields, message] of refusals) {
        const body = newUser(alpha.tenant.id, fields);
        const response = await create(root, body);
        expect(response.statusCode).toBe(400);
        expect(problems(response)).toContain(message);
        expect(await portal.services.portalUsers.findByEmail(body.email)).toBeNull();
      }
    });

    it('accepts an e-mail of 40 characters, refuses 41 and malformed ones, stores it trimmed and lower-cased', async () => {
      const ofLength = (length: number) => {
        const tail = `${tag()}@test.com`;
        return `${'e'.repeat(length - tail.length)}${tail}`;
      };
      const forty = ofLength(40);
      expect((await created(alpha.tenant.id, { email: forty })).email).toBe(forty);
      const mixed = `  Mixed.Case+${tag()}@Example.COM `;
      expect((await created(alpha.tenant.id, { email: mixed })).email).toBe(mixed.trim().toLowerCase());
      for (const good of [`a_b-c.${tag()}@x-y.io`, `z${tag()}@sub.domain.org`]) {
        expect((await created(alpha.tenant.id, { email: good })).email).toBe(good);
      }

      const refusals: [string, string][] = [
        [ofLength(41), 'Enter a valid email.'],
        ['', 'Email is required.'],
        ['plain.example.com', 'Enter a valid email.'],
        ['a@b.c', 'Enter a valid email.'],
        ['a@b.comm', 'Enter a valid email.'],
        ['a b@c.com', 'Enter a valid email.'],
        ['a@b', 'Enter a valid email.'],
        ['a!x@b.com', 'Enter a valid email.'],
      ];
      for (const [email, message] of refusals) {
        const response = await create(root, newUser(alpha.tenant.id, { email }));
        expect(response.statusCode, email).toBe(400);
        expect(problems(response)).toContain(message);
      }
    });

    it('accepts a mobile number of 7 and 15 digits with a code, and refuses 6, 16, a number alone or a code alone', async () => {
      const seven = await created(alpha.tenant.id, { phoneNumber: '+49 1234567', countryShortCode: 'DE' });
      expect(seven).toMatchObject({ phoneNumber: '+49 1234567', countryShortCode: 'DE' });
      const fifteen = await created(alpha.tenant.id, {
        phoneNumber: '+1 123456789012345',
        countryShortCode: 'US',
      });
      expect(fifteen.phoneNumber).toBe('+1 123456789012345');
      expect((await created(alpha.tenant.id, { phoneNumber: '' })).phoneNumber).toBe('');

      for (const phoneNumber of ['+49 123456', '+49 1234567890123456', '1234567', '+49', '+49 12a4567']) {
        const response = await create(
          root,
          newUser(alpha.tenant.id, { phoneNumber, countryShortCode: 'DE' }),
        );
        expect(response.statusCode, phoneNumber).toBe(400);
        expect(problems(response)).toContain('Mobile Number is required.');
      }
    });

    it('validates the list query at its bounds', async () => {
      const scopeId = alpha.tenant.id;
      for (const pageSize of [1, 100]) expect((await list(root, { scopeId, pageSize })).statusCode).toBe(200);
      for (const pageSize of [0, 101]) expect((await list(root, { scopeId, pageSize })).statusCode).toBe(400);
      expect((await list(root, { scopeId, page: -1 })).statusCode).toBe(400);
      expect((await list(root, { scopeId, search: 's'.repeat(101) })).statusCode).toBe(400);
      expect((await list(root, { scopeId, sortBy: 'password' })).statusCode).toBe(400);
    });

    it('refuses bodies over 16 KiB with 413', async () => {
      const padding = 'x'.repeat(20 * 1024);
      const createResponse = await create(alphaManager, { ...newUser(alpha.tenant.id), padding });
      expect(createResponse.statusCode).toBe(413);
      expect(createResponse.json().code).toBe('PAYLOAD_TOO_LARGE');
      const updateResponse = await update(alphaManager, { id: 'x', padding });
      expect(updateResponse.statusCode).toBe(413);
    });
  });

  describe('list', () => {
    let listed: Customer;
    beforeAll(async () => {
      listed = await createCustomerWithUser(portal, 'Listed', { permissions: [...ADMIN_PRESET] });
      const people = [
        ['Mary Ann', 'Smith', 'mas'],
        ['Bob', 'Marley', 'bob'],
        ['zoe', 'Adams', 'zoe'],
        ['Carl', 'Annersen', 'carl'],
      ];
      for (const [firstName, lastName, local] of people) {
        await created(listed.tenant.id, { firstName, lastName, email: `${local}-${tag()}@list.io` });
      }
      await db()
        .updateTable('users')
        .set({ two_factor_enabled: true })
        .where('first_name', '=', 'Bob')
        .execute();
      // A user of a sub-scope is not a user of this scope.
      const sub = await createCustomerWithUser(portal, 'ListedSub', { parentId: listed.tenant.id });
      await created(sub.tenant.id, { firstName: 'Mary', lastName: 'Annex' });
    });
    const names = (response: { json(): { users: PortalUser[] } }) =>
      response.json().users.map((u) => `${u.firstName} ${u.lastName}`);

    it('lists only the users of the scope, sorted by name, with the total', async () => {
      const response = await list(root, { scopeId: listed.tenant.id });
      expect(response.statusCode).toBe(200);
      expect(response.json().total).toBe(5);
      expect(names(response)).toEqual([
        'Bob Marley',
        'Carl Annersen',
        'Listed User',
        'Mary Ann Smith',
        'zoe Adams',
      ]);
      const descending = await list(root, { scopeId: listed.tenant.id, sortOrder: 'desc' });
      expect(names(descending)).toEqual([
        'zoe Adams',
        'Mary Ann Smith',
        'Listed User',
        'Carl Annersen',
        'Bob Marley',
      ]);
    });

    it('never answers password hashes or authenticator secrets', async () => {
      const response = await list(root, { scopeId: listed.tenant.id });
      const stored = await db()
        .selectFrom('users')
        .selectAll()
        .where('email', '=', listed.email)
        .executeTakeFirst();
      expect(stored!.password_hash).toBeTruthy();
      expect(response.body).not.toContain(stored!.password_hash);
      expect(Object.keys(response.json().users[0]).sort()).toEqual(
        [
          'countryShortCode',
          'email',
          'firstName',
          'id',
          'isRootUser',
          'lastName',
          'owner',
          'permissions',
          'phoneNumber',
          'scopeId',
          'secureAuthentication',
          'socialLogin',
          'status',
        ].sort(),
      );
    });

    it('searches names and e-mails ignoring case and spaces, taking % and _ literally', async () => {
      const search = async (term: string) =>
        names(await list(root, { scopeId: listed.tenant.id, search: term }));
      expect(await search('maryann')).toEqual(['Mary Ann Smith']);
      expect(await search('  MARY   ANN  ')).toEqual(['Mary Ann Smith']);
      expect(await search('annsm')).toEqual(['Mary Ann Smith']);
      expect(await search('ann')).toEqual(['Carl Annersen', 'Mary Ann Smith']);
      expect(await search('BOB-')).toEqual(['Bob Marley']);
      expect(await search('@LIST.IO')).toHaveLength(4);
      expect(await search('%')).toEqual([]);
      expect(await search('_')).toEqual([]);
      const counted = await list(root, { scopeId: listed.tenant.id, search: 'ann', pageSize: 1 });
      expect(counted.json().total).toBe(2);
    });

    it('sorts by e-mail and by two-factor status, and pages', async () => {
      const byEmail = await list(root, { scopeId: listed.tenant.id, sortBy: 'email' });
      const emails = byEmail.json().users.map((u: PortalUser) => u.email);
      expect(emails).toEqual([...emails].sort());
      const byTwoFactor = await list(root, {
        scopeId: listed.tenant.id,
        sortBy: 'secureAuthentication',
        sortOrder: 'desc',
      });
      expect(names(byTwoFactor)[0]).toBe('Bob Marley');
      expect(byTwoFactor.json().users[0].secureAuthentication).toBe(true);

      const pages = [];
      for (const page of [0, 1, 2, 3]) {
        const response = await list(root, { scopeId: listed.tenant.id, pageSize: 2, page });
        expect(response.json().total).toBe(5);
        pages.push(names(response));
      }
      expect(pages).toEqual([
        ['Bob Marley', 'Carl Annersen'],
        ['Listed User', 'Mary Ann Smith'],
        ['zoe Adams'],
        [],
      ]);
    });

    it('needs PORTAL_USER_READ', async () => {
      const reader = await createCustomerWithUser(portal, 'NoRead');
      const cookie = await signIn(portal, reader.email, reader.password);
      expect((await list(cookie, { scopeId: reader.tenant.id })).statusCode).toBe(403);
    });
  });

  describe('create, update and delete', () => {
    async function liveChannel(email: string, password: string, scopeId: string) {
      const cookie = await signIn(portal, email, password);
      const token = await portal.app.inject({ method: 'POST', url: '/api/mqtt-token', headers: { cookie } });
      const { username, token: secret, clientId } = token.json();
      const client = await connectMqtt(`${portal.baseUrl.replace('http', 'ws')}/mqtt`, {
        clientId,
        username,
        password: secret,
      });
      clients.push(client);
      const messages: PortalUsersLiveMessage[] = [];
      client.on('message', (_topic, payload) => messages.push(JSON.parse(payload.toString())));
      await client.subscribeAsync(live.portalUsers(scopeId), { qos: 1 });
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

  describe('who may change whom (spec 002 section 6)', () => {
    it('refuses to edit or delete oneself or an owner', async () => {
      const manager = await created(alpha.tenant.id, { permissions: superAdminPreset(false) });
      const cookie = await signedIn(manager);
      const owner = await created(alpha.tenant.id, { owner: true, permissions: superAdminPreset(false) });
      const before = await usersOf(alpha.tenant.id);

      for (const target of [owner, manager]) {
        const edited = await update(cookie, updateOf(target, { firstName: 'Changed' }));
        expect(edited.statusCode).toBe(403);
        expect(edited.json().message).toBe('This user cannot be changed here.');
        const deleted = await remove(cookie, target.id, alpha.tenant.id);
        expect(deleted.statusCode).toBe(403);
        expect(deleted.json().message).toBe('This user cannot be changed here.');
      }
      expect(await usersOf(alpha.tenant.id)).toEqual(before);

      // An owner of the scope is refused too.
      const ownerCookie = await signedIn(owner);
      const other = await created(alpha.tenant.id, { owner: true, permissions: superAdminPreset(false) });
      expect((await update(ownerCookie, updateOf(other, { firstName: 'Changed' }))).statusCode).toBe(403);
    });

    it("lets the root tenant's main user edit an owner of another scope, but not delete itself or edit an owner of its own scope", async () => {
      const owner = await created(beta.tenant.id, { owner: true, permissions: superAdminPreset(false) });
      const edited = await update(root, updateOf(owner, { firstName: 'Renamed' }));
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ firstName: 'Renamed', owner: true });
      // Not deleted here: a scope's owner goes with the customer.
      expect((await remove(root, owner.id, beta.tenant.id)).statusCode).toBe(403);

      const rootTenant = (await portal.services.portalUsers.findByEmail(ROOT_EMAIL))!.tenantId;
      const rootSelf: PortalUser = (await list(root, { scopeId: rootTenant, search: ROOT_EMAIL })).json()
        .users[0];
      expect(rootSelf.isRootUser).toBe(true);
      expect((await remove(root, rootSelf.id, rootTenant)).statusCode).toBe(403);
      expect(await portal.services.portalUsers.findByEmail(ROOT_EMAIL)).not.toBeNull();
      const rootOwner = await created(rootTenant, { owner: true, permissions: superAdminPreset(true) });
      expect((await update(root, updateOf(rootOwner, { firstName: 'Other' }))).statusCode).toBe(403);
    });

    it('refuses to grant permissions the caller does not hold, or ownership when it is no owner', async () => {
      const limited = await created(alpha.tenant.id, {
        permissions: ['PORTAL_USER_READ', 'PORTAL_USER_WRITE', 'GATEWAY_READ', 'CAN_BE_SCOPE_OWNER'],
      });
      const cookie = await signedIn(limited);
      const before = await usersOf(alpha.tenant.id);

      const escalate = await create(cookie, newUser(alpha.tenant.id, { permissions: ['GATEWAY_WRITE'] }));
      expect(escalate.statusCode).toBe(403);
      expect(escalate.json().message).toBe('You cannot grant permissions you do not hold.');
      const ownership = await create(
        cookie,
        newUser(alpha.tenant.id, { owner: true, permissions: ['CAN_BE_SCOPE_OWNER'] }),
      );
      expect(ownership.statusCode).toBe(403);
      const toSelf = await update(cookie, updateOf(limited, { permissions: superAdminPreset(false) }));
      expect(toSelf.statusCode).toBe(403);
      expect(await usersOf(alpha.tenant.id)).toEqual(before);

      // What the caller holds (and the defaults) it may give.
      const allowed = await create(cookie, newUser(alpha.tenant.id, { permissions: ['GATEWAY_READ'] }));
      expect(allowed.statusCode).toBe(201);

      // A user already holding more keeps it when edited by a lesser caller; adding more is refused.
      const stronger = await created(alpha.tenant.id, { permissions: superAdminPreset(false) });
      const renamed = await update(cookie, updateOf(stronger, { firstName: 'Kept' }));
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().permissions).toHaveLength(27);
      const weaker = await created(alpha.tenant.id, { permissions: [...ADMIN_PRESET] });
      const added = await update(
        cookie,
        updateOf(weaker, { permissions: [...ADMIN_PRESET, 'SCOPE_DELETE'] }),
      );
      expect(added.statusCode).toBe(403);
      const stored = await db()
        .selectFrom('users')
        .select('permissions')
        .where('id', '=', weaker.id)
        .executeTakeFirst();
      expect(stored!.permissions).not.toContain('SCOPE_DELETE');
    });

    it('makes an owner only of a user eligible to be one', async () => {
      const response = await create(
        root,
        newUser(alpha.tenant.id, { owner: true, permissions: [...ADMIN_PRESET] }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(portalUserMessages.ownerNotEligible);
    });

    it('refuses members of the general users scope, whatever their permissions', async () => {
      const generalScope = await portal.services.portalUsers.generalUsersScopeId();
      const member = await created(generalScope, { permissions: superAdminPreset(false) });
      const stranger = await created(generalScope);
      const cookie = await signedIn(member);
      const before = await usersOf(generalScope);
      const answers = [
        await list(cookie, { scopeId: generalScope }),
        await create(cookie, newUser(generalScope)),
        await update(cookie, updateOf(stranger, { firstName: 'Changed' })),
        await remove(cookie, stranger.id, generalScope),
        await checkEmail(cookie, stranger.email),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json().message).toBe(portalUserMessages.generalScope);
      }
      expect(await usersOf(generalScope)).toEqual(before);
    });
  });

  describe('duplicate e-mail', () => {
    it('names the tenant holding the address when the caller reaches it, else says another', async () => {
      const inAlpha = await created(alpha.tenant.id);
      const inBeta = await created(beta.tenant.id);

      const sameTenant = await create(
        alphaManager,
        newUser(alpha.tenant.id, { email: inAlpha.email.toUpperCase() }),
      );
      expect(sameTenant.statusCode).toBe(409);
      expect(sameTenant.json().message).toBe(
        `The email ${inAlpha.email} is already registered for ${alpha.tenant.name} tenant and hence cannot be used.`,
      );
      const across = await create(alphaManager, newUser(alpha.tenant.id, { email: inBeta.email }));
      expect(across.statusCode).toBe(409);
      expect(across.json().message).toBe(
        `The email ${inBeta.email} is already registered for another tenant and hence cannot be used.`,
      );
      const asRoot = await create(root, newUser(alpha.tenant.id, { email: inBeta.email }));
      expect(asRoot.json().message).toContain(`for ${beta.tenant.name} tenant`);

      expect((await checkEmail(alphaManager, ` ${inAlpha.email.toUpperCase()} `)).json()).toEqual({
        exists: true,
        message: sameTenant.json().message,
      });
      expect((await checkEmail(alphaManager, inBeta.email)).json()).toEqual({
        exists: true,
        message: across.json().message,
      });
      expect((await checkEmail(alphaManager, uniqueEmail('free'))).json()).toEqual({ exists: false });
    });
  });

  describe('tenant walls', () => {
    it("gives a manager of another tenant nothing of this tenant's users and changes nothing", async () => {
      const betaUser = await created(beta.tenant.id, { permissions: [...ADMIN_PRESET] });
      const alphaUser = await created(alpha.tenant.id);
      const before = await usersOf(beta.tenant.id);
      const notFound = [
        await list(alphaManager, { scopeId: beta.tenant.id }),
        await create(alphaManager, newUser(beta.tenant.id)),
        await update(alphaManager, updateOf(betaUser, { firstName: 'Hijacked' })),
        await update(alphaManager, updateOf(alphaUser, { scopeId: beta.tenant.id })),
        await remove(alphaManager, betaUser.id, beta.tenant.id),
        await remove(alphaManager, betaUser.id, alpha.tenant.id),
        // Ids that are no ids answer the same.
        await list(alphaManager, { scopeId: 'not-a-uuid' }),
        await remove(alphaManager, 'not-a-uuid', alpha.tenant.id),
        await update(root, updateOf(betaUser, { id: 'not-a-uuid' })),
      ];
      for (const response of notFound) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.body).not.toContain(beta.tenant.name);
        expect(response.body).not.toContain(betaUser.email);
      }
      const check = await checkEmail(alphaManager, betaUser.email);
      expect(check.json().message).not.toContain(beta.tenant.name);
      expect(await usersOf(beta.tenant.id)).toEqual(before);
      expect((await usersOf(alpha.tenant.id)).find((u) => u.id === alphaUser.id)!.tenant_id).toBe(
        alpha.tenant.id,
      );
    });

    it("lets a parent tenant's manager reach the users of its child tenants, not the other way round", async () => {
      const childManager = await signIn(portal, child.email, child.password);
      const listed = await list(alphaManager, { scopeId: child.tenant.id });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().users.map((u: PortalUser) => u.email)).toContain(child.email);

      const made = await create(alphaManager, newUser(child.tenant.id));
      expect(made.statusCode).toBe(201);
      const user: PortalUser = made.json();
      expect((await update(alphaManager, updateOf(user, { lastName: 'Parented' }))).statusCode).toBe(200);
      expect((await remove(alphaManager, user.id, child.tenant.id)).statusCode).toBe(200);

      expect((await list(childManager, { scopeId: alpha.tenant.id })).statusCode).toBe(404);
      expect((await create(childManager, newUser(alpha.tenant.id))).statusCode).toBe(404);
    });
  });
});
