import { ADMIN_PRESET, type PortalUser, portalUserMessages, superAdminPreset } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, ROOT_EMAIL, signIn, type TestPortal, uniqueEmail } from '../../../test/harness.ts';
import { type Customer, portalUserCalls, portalUsersWorld } from './test-helpers.ts';

describe(`portal users (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alpha: Customer;
  let alphaManager: string;
  let beta: Customer;
  let child: Customer;

  beforeAll(async () => {
    ({ portal, root, alpha, alphaManager, beta, child } = await portalUsersWorld());
  });

  const { db, list, create, update, remove, checkEmail, newUser, created, updateOf, signedIn, usersOf } =
    portalUserCalls(() => ({ portal, root }));

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
      const generalScope = await portal.services.signUp.generalUsersScopeId();
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
