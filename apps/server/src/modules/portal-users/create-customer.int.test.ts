import { ADMIN_PRESET, duplicateEmailMessage, superAdminPreset } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  signIn,
  type TestPortal,
  uniqueEmail,
  waitFor,
} from '../../../test/harness.ts';
import { portalUsersWorld } from './test-helpers.ts';

/**
 * Issue 30.4: Create Customer makes the customer and its super admin together, all or nothing
 * (POST /api/createCustomer): an e-mail in use, even taken at the same moment by another request, leaves no
 * customer without an administrator behind.
 */
describe(`create a customer with its super admin (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alpha: Awaited<ReturnType<typeof portalUsersWorld>>['alpha'];

  beforeAll(async () => {
    ({ portal, root, alpha } = await portalUsersWorld());
  });

  let n = 0;
  const body = (email = uniqueEmail(), overrides: Record<string, unknown> = {}) => {
    n += 1;
    const tag = `${Date.now().toString(36)}${n}`;
    return {
      name: `Made ${tag}`,
      customerId: `MADE-${tag}`,
      superAdmin: { firstName: 'Olga', lastName: 'Owner', email },
      ...overrides,
    };
  };
  const create = (cookie: string, payload: Record<string, unknown>) =>
    injectAs(portal, cookie, 'POST', '/api/createCustomer', { payload });
  const customersNamed = (name: string) =>
    portal.database.db.selectFrom('tenants').select('id').where('name', '=', name).execute();
  const userWith = (email: string) =>
    portal.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  it('creates the customer and its super admin (owner, Super Admin preset) with the activation mail', async () => {
    const payload = body(uniqueEmail().toUpperCase());
    const response = await create(root, payload);
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const owner = await userWith(payload.superAdmin.email.toLowerCase());
    expect(owner).toMatchObject({ tenant_id: id, owner: true, first_name: 'Olga', last_name: 'Owner' });
    expect([...(owner?.permissions ?? [])].sort()).toEqual([...superAdminPreset(false)].sort());
    await waitFor(() =>
      portal.database.db
        .selectFrom('outbox')
        .select('id')
        .where('recipient', '=', owner!.email)
        .executeTakeFirst(),
    );
    expect(await customersNamed(payload.name)).toEqual([{ id }]);
  });

  it('refuses a super admin e-mail in use before writing anything: no customer is left behind', async () => {
    const taken = uniqueEmail();
    const existing = await injectAs(portal, root, 'POST', '/api/createPortalUser', {
      payload: {
        email: taken,
        firstName: 'Ann',
        lastName: 'Taken',
        scopeId: alpha.tenant.id,
        permissions: [],
      },
    });
    expect(existing.statusCode, existing.body).toBe(201);
    const payload = body(taken);
    const response = await create(root, payload);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: duplicateEmailMessage(taken, alpha.tenant.name),
      details: { field: 'email' },
    });
    expect(await customersNamed(payload.name)).toEqual([]);
  });

  it('creates one of four customers asking for the same new e-mail at the same moment, and nothing of the others', async () => {
    const email = uniqueEmail();
    const bodies = [body(email), body(email), body(email), body(email)];
    const answers = await Promise.all(bodies.map((b) => create(root, b)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const made = (await Promise.all(bodies.map((b) => customersNamed(b.name)))).flat();
    expect(made).toHaveLength(1);
    expect((await userWith(email))?.tenant_id).toBe(made[0]!.id);
  });

  it('creates no super admin when the customer is refused (customer id in use)', async () => {
    const email = uniqueEmail();
    const response = await create(root, body(email, { customerId: alpha.tenant.customer_id }));
    expect(response.statusCode).toBe(409);
    expect(await userWith(email)).toBeUndefined();
  });

  it('refuses a caller who may create customers but not portal users, writing nothing', async () => {
    const scopesOnly = await createCustomerWithUser(portal, 'ScopesOnly', {
      permissions: [...ADMIN_PRESET, 'SCOPE_WRITE'],
    });
    const cookie = await signIn(portal, scopesOnly.email, scopesOnly.password);
    const payload = body();
    const response = await create(cookie, payload);
    expect(response.statusCode).toBe(403);
    expect(await customersNamed(payload.name)).toEqual([]);
    expect(await userWith(payload.superAdmin.email)).toBeUndefined();
  });
});
