import { ADMIN_PRESET, type PortalUser } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  signIn,
  type TestPortal,
  randomTag as tag,
} from '../../../test/harness.ts';
import { type Customer, portalUserCalls, portalUsersWorld } from './test-helpers.ts';

describe(`portal users (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;

  beforeAll(async () => {
    ({ portal, root } = await portalUsersWorld());
  });

  const { db, list, created } = portalUserCalls(() => ({ portal, root }));

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
        .where('tenant_id', '=', listed.tenant.id)
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
});
