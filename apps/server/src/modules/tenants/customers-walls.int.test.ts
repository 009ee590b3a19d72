import { beforeAll, describe, expect, it } from 'vitest';
import { backend, type TestPortal } from '../../../test/harness.ts';
import { ICO_HEAD, PNG_1X1 } from '../files/test-images.ts';
import { type Customer, customerCalls, sharedCustomersPortal, tag } from './test-helpers.ts';

describe(`customers (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let rootId: string;
  let alpha: Customer;
  let alphaAdmin: string;
  let alphaChild: Customer;
  let childAdmin: string;
  let beta: Customer;

  beforeAll(async () => {
    ({ portal, root, rootId, alpha, alphaAdmin, alphaChild, childAdmin, beta } =
      await sharedCustomersPortal());
  });

  const { db, get, createScope, updateScope, upload, tenantRow, storedFiles } = customerCalls(() => ({
    portal,
    root,
  }));

  describe('tenant walls', () => {
    it("answers 404 to every call naming another tenant's scope, and changes nothing", async () => {
      const betaBefore = await tenantRow(beta.tenant.id);
      const filesBefore = await storedFiles();
      const intruderIds = [`I-${tag()}`, `I-${tag()}`];

      expect((await get(alphaAdmin, '/api/hierarchy/scope', { scopeId: beta.tenant.id })).statusCode).toBe(
        404,
      );
      expect((await get(alphaAdmin, `/api/scope/${beta.tenant.id}`)).statusCode).toBe(404);
      const create = await createScope(alphaAdmin, {
        name: 'Intruder',
        customerId: intruderIds[0],
        parent: beta.tenant.id,
      });
      expect(create.statusCode).toBe(404);
      const createUnderRoot = await createScope(alphaAdmin, {
        name: 'Intruder',
        customerId: intruderIds[1],
        parent: rootId,
      });
      expect(createUnderRoot.statusCode).toBe(404);
      const update = await updateScope(alphaAdmin, {
        id: beta.tenant.id,
        name: betaBefore.name,
        customerId: `I-${tag()}`,
        primaryThemeColor: '#000000',
      });
      expect(update.statusCode).toBe(404);
      const images = await upload(alphaAdmin, [
        { name: 'scopeId', value: beta.tenant.id },
        { name: 'logoFile', filename: 'logo.png', data: PNG_1X1 },
      ]);
      expect(images.statusCode).toBe(404);
      // A child cannot change its parent.
      const upwards = await updateScope(childAdmin, {
        id: alpha.tenant.id,
        name: alpha.tenant.name,
        customerId: `I-${tag()}`,
      });
      expect(upwards.statusCode).toBe(404);

      expect(await tenantRow(beta.tenant.id)).toEqual(betaBefore);
      // No tenant made by the refused creates, and no file stored (the portal may be shared: own rows only).
      expect(
        await db().selectFrom('tenants').select('id').where('customer_id', 'in', intruderIds).execute(),
      ).toEqual([]);
      expect((await storedFiles()).filter((f) => !filesBefore.includes(f))).toEqual([]);
    });

    it('lets a parent change its child and upload the child’s logo', async () => {
      const kid = await tenantRow(alphaChild.tenant.id);
      const response = await updateScope(alphaAdmin, {
        id: kid.id,
        name: kid.name,
        customerId: kid.customer_id,
        primaryThemeColor: '#0a0b0c',
      });
      expect(response.statusCode, response.body).toBe(200);
      const images = await upload(alphaAdmin, [
        { name: 'scopeId', value: kid.id },
        { name: 'favIconFile', filename: 'fav.ico', data: ICO_HEAD },
      ]);
      expect(images.statusCode, images.body).toBe(200);
      expect((await tenantRow(kid.id)).fav_icon_url).toBe(images.json().favIconUrl);
    });
  });
});
