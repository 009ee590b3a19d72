import { customerMessages, IMAGE_MAX_BYTES } from '@portal/contract';
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
import { GIF_1X1, PNG_1X1, pngOfSize, SVG } from '../files/test-images.ts';
import { type Customer, customerCalls, sharedCustomersPortal } from './test-helpers.ts';

describe(`customers (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let beta: Customer;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    ({ portal, root, beta } = await sharedCustomersPortal());
  });
  afterEach(() => endClients(clients));

  const { upload, tenantRow, storedFiles, newCustomer, liveScopes } = customerCalls(
    () => ({ portal, root }),
    clients,
  );

  describe('logo and favicon', () => {
    it('stores a PNG, serves it back byte-identical as image/png with a long cache, and removes the file it replaces', async () => {
      const id = await newCustomer();
      const ownLive = await liveScopes(root, id);
      const first = await upload(root, [
        { name: 'logoFile', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 },
        { name: 'scopeId', value: id },
      ]);
      expect(first.statusCode, first.body).toBe(200);
      const firstUrl: string = first.json().logoUrl;
      expect(first.json().favIconUrl).toBeNull();
      const served = await portal.app.inject({ method: 'GET', url: firstUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
      await waitFor(async () =>
        ownLive.find((m) => m.type === 'scopeUpdated' && m.scope.logoUrl === firstUrl),
      );

      // A GIF under a .png name is stored as what it is.
      const second = await upload(root, [
        { name: 'scopeId', value: id },
        { name: 'logoFile', filename: 'b.png', contentType: 'image/png', data: GIF_1X1 },
      ]);
      const secondUrl: string = second.json().logoUrl;
      expect(secondUrl).toMatch(/\.gif$/);
      expect((await portal.app.inject({ method: 'GET', url: secondUrl })).headers['content-type']).toBe(
        'image/gif',
      );
      expect((await portal.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
      expect(await storedFiles()).toContain(secondUrl.slice('/files/'.length));
      expect(await storedFiles()).not.toContain(firstUrl.slice('/files/'.length));
      expect((await tenantRow(id)).logo_url).toBe(secondUrl);
    });

    it('refuses what is not a raster image by its content, whatever its name and declared type', async () => {
      const id = await newCustomer();
      const before = await storedFiles();
      for (const data of [Buffer.from('not an image at all, just text'), SVG, Buffer.alloc(0)]) {
        const response = await upload(root, [
          { name: 'scopeId', value: id },
          { name: 'logoFile', filename: 'logo.png', contentType: 'image/png', data },
        ]);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(customerMessages.imageType);
      }
      // One good and one bad: nothing is kept.
      const mixed = await upload(root, [
        { name: 'scopeId', value: id },
        { name: 'logoFile', filename: 'logo.png', data: PNG_1X1 },
        { name: 'favIconFile', filename: 'favicon.svg', contentType: 'image/svg+xml', data: SVG },
      ]);
      expect(mixed.statusCode).toBe(400);
      // Nothing new stored (other files' uploads on a shared portal may come and go).
      expect((await storedFiles()).filter((f) => !before.includes(f))).toEqual([]);
      expect(await tenantRow(id)).toMatchObject({ logo_url: null, fav_icon_url: null });
    });

    it('accepts exactly 1 MiB and refuses 1 MiB + 1 byte', async () => {
      const id = await newCustomer();
      const exact = await upload(root, [
        { name: 'scopeId', value: id },
        { name: 'logoFile', filename: 'big.png', data: pngOfSize(IMAGE_MAX_BYTES) },
        { name: 'favIconFile', filename: 'big.png', data: pngOfSize(IMAGE_MAX_BYTES) },
      ]);
      expect(exact.statusCode, exact.body).toBe(200);
      const served = await portal.app.inject({ method: 'GET', url: exact.json().logoUrl });
      expect(served.rawPayload.length).toBe(IMAGE_MAX_BYTES);

      const before = await storedFiles();
      const over = await upload(root, [
        { name: 'scopeId', value: id },
        { name: 'logoFile', filename: 'big.png', data: pngOfSize(IMAGE_MAX_BYTES + 1) },
      ]);
      expect(over.statusCode).toBe(413);
      expect(over.json().message).toBe(customerMessages.imageTooLarge);
      expect((await storedFiles()).filter((f) => !before.includes(f))).toEqual([]);
      expect((await tenantRow(id)).logo_url).toBe(exact.json().logoUrl);
    });

    it('needs a scope id and SCOPE_UPDATE, and refuses unknown file parts', async () => {
      const noScope = await upload(root, [{ name: 'logoFile', data: PNG_1X1 }]);
      expect(noScope.statusCode).toBe(400);
      const stranger = await upload(root, [
        { name: 'scopeId', value: beta.tenant.id },
        { name: 'script', data: PNG_1X1 },
      ]);
      expect(stranger.statusCode).toBe(400);
      const reader = await createCustomerWithUser(portal, 'Looker');
      const cookie = await signIn(portal, reader.email, reader.password);
      const refused = await upload(cookie, [
        { name: 'scopeId', value: reader.tenant.id },
        { name: 'logoFile', data: PNG_1X1 },
      ]);
      expect(refused.statusCode).toBe(403);
      expect((await tenantRow(reader.tenant.id)).logo_url).toBeNull();
    });

    it('serves only names of ours', async () => {
      for (const url of [
        '/files/nope.png',
        '/files/..%2F..%2Fetc%2Fpasswd',
        `/files/${'a'.repeat(32)}.svg`,
      ]) {
        expect((await portal.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    });
  });
});
