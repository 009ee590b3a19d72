import { customerMessages, type Scope, superAdminPreset, THEME_DEFAULTS } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  endClients,
  signIn,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { ICO_HEAD, PNG_1X1 } from '../files/test-images.ts';
import { isUniqueViolation, TenantsRepository } from './tenants.repository.ts';
import { type Customer, customerCalls, ids, sharedCustomersPortal, tag } from './test-helpers.ts';

describe(`customers (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let rootId: string;
  let alpha: Customer;
  let alphaAdmin: string;
  let alphaChild: Customer;
  let childAdmin: string;
  let beta: Customer;
  let betaAdmin: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    ({ portal, root, rootId, alpha, alphaAdmin, alphaChild, childAdmin, beta, betaAdmin } =
      await sharedCustomersPortal());
  });
  afterEach(() => endClients(clients));

  const { db, get, createScope, updateScope, upload, tenantRow, newCustomer, liveScopes } = customerCalls(
    () => ({ portal, root }),
    clients,
  );

  describe('create', () => {
    it('creates a customer, uploads its logo, creates its owner with the activation mail, and pushes scopeCreated', async () => {
      const rootLive = await liveScopes(root, rootId);
      const name = `New ${tag()}`;
      const customerId = `N-${tag()}`;
      const response = await createScope(root, { name, customerId, emailDomain: 'Example.COM ' });
      expect(response.statusCode, response.body).toBe(201);
      const { id } = response.json();
      const row = await tenantRow(id);
      expect(row).toMatchObject({
        name,
        customer_id: customerId,
        kind: 'customer',
        parent_id: rootId,
        ancestors: [rootId],
        email_domain: 'example.com',
        primary_theme_color: THEME_DEFAULTS.primary,
        secondary_theme_color: THEME_DEFAULTS.secondary,
        status: 'Active',
      });
      const created = await waitFor(async () =>
        rootLive.find((m) => m.type === 'scopeCreated' && m.scope.id === id),
      );
      expect(created).toMatchObject({ scope: { name, customerId } });

      const images = await upload(root, [
        { name: 'scopeId', value: id },
        { name: 'includedFiles', value: 'logoFile,favIconFile' },
        { name: 'logoFile', filename: 'logo.png', contentType: 'image/png', data: PNG_1X1 },
        { name: 'favIconFile', filename: 'favicon.ico', contentType: 'image/x-icon', data: ICO_HEAD },
      ]);
      expect(images.statusCode, images.body).toBe(200);
      const { logoUrl, favIconUrl } = images.json();
      expect(logoUrl).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
      expect(favIconUrl).toMatch(/^\/files\/[0-9a-f]{32}\.ico$/);

      const email = `owner-${tag().toLowerCase()}@example.com`;
      const owner = await portal.app.inject({
        method: 'POST',
        url: '/api/createPortalUser',
        headers: { cookie: root },
        payload: {
          email,
          firstName: 'Olga',
          lastName: 'Owner',
          scopeId: id,
          owner: true,
          permissions: superAdminPreset(false),
        },
      });
      expect(owner.statusCode, owner.body).toBe(201);
      expect(owner.json()).toMatchObject({ email, scopeId: id, owner: true });
      const mail = await db()
        .selectFrom('outbox')
        .selectAll()
        .where('recipient', '=', email)
        .executeTakeFirst();
      expect(mail?.body).toMatch(/reset-password\/\S+/);

      const scope: Scope = (await get(root, `/api/scope/${id}`)).json();
      expect(scope).toMatchObject({ id, name, customerId, logoUrl, favIconUrl, emailDomain: 'example.com' });
      expect(ids((await get(root, '/api/hirarchy')).json())).toContain(id);
      expect((await get(root, '/api/customers', { search: customerId })).json().customers).toHaveLength(1);
    });

    it('takes colours and a parent in reach; a customer admin creates below its own tenant', async () => {
      const id = await newCustomer({ primaryThemeColor: '#112233', secondaryThemeColor: '#AABBCC' });
      expect(await tenantRow(id)).toMatchObject({
        primary_theme_color: '#112233',
        secondary_theme_color: '#AABBCC',
      });

      const alphaLive = await liveScopes(alphaAdmin, alpha.tenant.id);
      const own = await createScope(alphaAdmin, { name: `Sub ${tag()}`, customerId: `S-${tag()}` });
      expect(own.statusCode, own.body).toBe(201);
      expect(await tenantRow(own.json().id)).toMatchObject({
        parent_id: alpha.tenant.id,
        ancestors: [rootId, alpha.tenant.id],
      });
      await waitFor(async () =>
        alphaLive.find((m) => m.type === 'scopeCreated' && m.scope.id === own.json().id),
      );
      const deeper = await createScope(alphaAdmin, {
        name: `Deep ${tag()}`,
        customerId: `D-${tag()}`,
        parent: alphaChild.tenant.id,
      });
      expect(deeper.statusCode, deeper.body).toBe(201);
      expect(await tenantRow(deeper.json().id)).toMatchObject({
        ancestors: [rootId, alpha.tenant.id, alphaChild.tenant.id],
      });
    });

    it('refuses a taken customer id, ignoring case', async () => {
      const customerId = `Dup-${tag()}`;
      await newCustomer({ customerId });
      const again = await createScope(root, { name: 'Another', customerId: customerId.toLowerCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(customerMessages.customerIdTaken);
      // Two at once: exactly one wins.
      const racing = `Race-${tag()}`;
      const results = await Promise.all(
        [1, 2, 3].map((n) => createScope(root, { name: `Racer ${n}`, customerId: racing })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    });

    it('refuses a label its siblings have, ignoring case and spaces; other parents may have it', async () => {
      const label = `Twin Co ${tag()}`;
      expect((await createScope(root, { name: label, customerId: `T1-${tag()}` })).statusCode).toBe(201);
      const twin = await createScope(root, {
        name: label.toUpperCase().replace(' ', ''),
        customerId: `T2-${tag()}`,
      });
      expect(twin.statusCode).toBe(409);
      expect(twin.json().message).toBe(customerMessages.labelTaken);
      // Below another parent the label is free.
      const elsewhere = await createScope(alphaAdmin, { name: label, customerId: `T3-${tag()}` });
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);

      // Five at once, each with its own customer id: exactly one gets the label.
      const contested = `Rush ${tag()}`;
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => createScope(root, { name: contested, customerId: `R${n}-${tag()}` })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(
        Array(4).fill(customerMessages.labelTaken),
      );
    });

    it('applies the customer field rules at both bounds (spec 000 section 5)', async () => {
      const ok = async (name: string, customerId: string) => {
        const response = await createScope(root, { name, customerId });
        expect(response.statusCode, response.body).toBe(201);
        return tenantRow(response.json().id);
      };
      expect(await ok('L', 'a')).toMatchObject({ name: 'L', customer_id: 'a' });
      const long = await ok('L'.repeat(20), `${tag()}${tag()}${tag()}XX`);
      expect(long.name).toHaveLength(20);
      expect(long.customer_id).toHaveLength(20);
      const refused = async (body: Record<string, unknown>, message: string) => {
        const response = await createScope(root, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toBe(message);
      };
      await refused({ name: '', customerId: 'X1' }, customerMessages.labelRequired);
      await refused({ name: '   ', customerId: 'X1' }, customerMessages.labelRequired);
      await refused({ name: '\u200b', customerId: 'X1' }, customerMessages.labelRequired);
      expect((await createScope(root, { customerId: 'X1' })).statusCode).toBe(400);
      await refused({ name: 'L'.repeat(21), customerId: 'X1' }, customerMessages.tooLong);
      await refused({ name: 'Label', customerId: '' }, customerMessages.customerIdRequired);
      await refused({ name: 'Label', customerId: 'C'.repeat(21) }, customerMessages.tooLong);
      await refused(
        { name: 'Label', customerId: 'X1', primaryThemeColor: 'red' },
        customerMessages.invalidColor,
      );
      await refused(
        { name: 'Label', customerId: 'X1', secondaryThemeColor: '#12345' },
        customerMessages.invalidColor,
      );
    });

    it('needs SCOPE_WRITE', async () => {
      const reader = await createCustomerWithUser(portal, 'Reader');
      const cookie = await signIn(portal, reader.email, reader.password);
      expect((await createScope(cookie, { name: 'Nope', customerId: `NO-${tag()}` })).statusCode).toBe(403);
    });
  });

  describe('update', () => {
    const updateOf = (row: { id: string; name: string; customer_id: string }, changes = {}) => ({
      id: row.id,
      name: row.name,
      customerId: row.customer_id,
      ...changes,
    });

    it('changes colours, e-mail domain and customer id, pushing scopeUpdated to the scope and its ancestors', async () => {
      const kid = await tenantRow(alphaChild.tenant.id);
      const rootLive = await liveScopes(root, rootId);
      const alphaLive = await liveScopes(alphaAdmin, alpha.tenant.id);
      const ownLive = await liveScopes(childAdmin, kid.id);
      const customerId = `K-${tag()}`;
      const response = await updateScope(
        alphaAdmin,
        updateOf(kid, {
          customerId,
          emailDomain: 'kid.example',
          primaryThemeColor: '#010203',
          secondaryThemeColor: '#a0b0c0',
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const scope: Scope = response.json();
      expect(scope).toMatchObject({
        id: kid.id,
        name: kid.name,
        customerId,
        emailDomain: 'kid.example',
        primaryThemeColor: '#010203',
        secondaryThemeColor: '#a0b0c0',
      });
      for (const messages of [rootLive, alphaLive, ownLive]) {
        await waitFor(async () =>
          messages.find((m) => m.type === 'scopeUpdated' && m.scope.customerId === customerId),
        );
      }
      // Omitted fields stay as they are.
      const again = await updateScope(childAdmin, updateOf(await tenantRow(kid.id)));
      expect(again.json()).toMatchObject({ emailDomain: 'kid.example', primaryThemeColor: '#010203' });
    });

    it('keeps the label read-only and the customer id unique', async () => {
      const betaRow = await tenantRow(beta.tenant.id);
      const renamed = await updateScope(betaAdmin, updateOf(betaRow, { name: 'Renamed' }));
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json().message).toBe(customerMessages.labelReadOnly);
      const taken = await updateScope(
        betaAdmin,
        updateOf(betaRow, { customerId: (await tenantRow(alpha.tenant.id)).customer_id.toLowerCase() }),
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(customerMessages.customerIdTaken);
      expect(await tenantRow(beta.tenant.id)).toEqual(betaRow);
      // Its own id in another case is not "taken".
      const recased = await updateScope(
        betaAdmin,
        updateOf(betaRow, { customerId: betaRow.customer_id.toLowerCase() }),
      );
      expect(recased.statusCode, recased.body).toBe(200);
      await updateScope(betaAdmin, updateOf(betaRow));
    });

    it('gives a contested customer id to exactly one of two updates at once', async () => {
      const rows = await Promise.all(
        [newCustomer(), newCustomer(), newCustomer()].map(async (id) => tenantRow(await id)),
      );
      const wanted = `W-${tag()}`;
      const results = await Promise.all(
        rows.map((row) => updateScope(root, updateOf(row, { customerId: wanted }))),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      for (const refused of results.filter((r) => r.statusCode === 409))
        expect(refused.json().message).toBe(customerMessages.customerIdTaken);
      const holders = await db()
        .selectFrom('tenants')
        .select('id')
        .where('customer_id', '=', wanted)
        .execute();
      expect(holders).toHaveLength(1);
    });

    it('has the database refuse a taken customer id, whatever the case, as a unique violation', async () => {
      const [first, second] = await Promise.all([newCustomer(), newCustomer()]);
      const taken = (await tenantRow(first!)).customer_id;
      const repo = new TenantsRepository(db());
      const error = await repo.update(second!, { customer_id: taken.toLowerCase() }).catch((e: unknown) => e);
      expect(isUniqueViolation(error)).toBe(true);
    });

    it('applies the field rules at both bounds', async () => {
      const id = await newCustomer({ name: 'B'.repeat(20) });
      const row = await tenantRow(id);
      expect((await updateScope(root, updateOf(row, { customerId: 'U'.repeat(20) }))).statusCode).toBe(200);
      expect((await updateScope(root, updateOf(row, { customerId: 'u' }))).statusCode).toBe(200);
      const tooLong = await updateScope(root, updateOf(row, { customerId: 'U'.repeat(21) }));
      expect(tooLong.json().message).toBe(customerMessages.tooLong);
      const empty = await updateScope(root, updateOf(row, { customerId: '' }));
      expect(empty.json().message).toBe(customerMessages.customerIdRequired);
      const noLabel = await updateScope(root, updateOf(row, { name: '' }));
      expect(noLabel.json().message).toBe(customerMessages.labelRequired);
      const badColour = await updateScope(root, updateOf(row, { primaryThemeColor: '#GGGGGG' }));
      expect(badColour.json().message).toBe(customerMessages.invalidColor);
    });

    it('refuses a customer being deleted', async () => {
      const id = await newCustomer();
      await db().updateTable('tenants').set({ status: 'DELETE_PENDING' }).where('id', '=', id).execute();
      const response = await updateScope(
        root,
        updateOf(await tenantRow(id), { primaryThemeColor: '#000000' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(customerMessages.beingDeleted);
    });

    it('needs SCOPE_UPDATE', async () => {
      const reader = await createCustomerWithUser(portal, 'Viewer');
      const cookie = await signIn(portal, reader.email, reader.password);
      const response = await updateScope(cookie, updateOf(reader.tenant, { primaryThemeColor: '#000000' }));
      expect(response.statusCode).toBe(403);
    });
  });
});
