import type { GatewayPage } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';
import { WRITER_PERMISSIONS } from './test-helpers.ts';

/**
 * The keyset cursor of GET /api/gateway/get-gateways-page (issue 14.9, gateway-cursor.ts): a window's `next`
 * asks the window after it by a seek (`after`), which must give exactly the rows of the offset windows; a bad
 * cursor is a 400; a cursor never reaches past the caller's own gateways.
 */
describe(`gateways page by cursor (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };
  const alphaMacs: string[] = [];
  const betaMacs: string[] = [];

  const customer = async (label: string, parentId?: string) => {
    const created = await createCustomerWithUser(portal, label, {
      permissions: WRITER_PERMISSIONS,
      parentId,
    });
    return { ...created, cookie: await signIn(portal, created.email, created.password) };
  };

  // Ties on the name (case and all) so the MAC must break them; a sub-customer's gateways interleave by name.
  const ALPHA: [string, string][] = [
    ['Same', 'C0000000000A'],
    ['same', 'C00000000003'],
    ['SAME', 'C00000000007'],
    ['Same', 'C00000000001'],
    ['alpha', 'C00000000009'],
    ['Bravo', 'C00000000002'],
    ['Zulu', 'C00000000005'],
    ['mike', 'C00000000008'],
    ['Mike', 'C0000000000B'],
    ['echo', 'C00000000004'],
  ];
  const CHILD: [string, string][] = [
    ['Same', 'C00000000006'],
    ['Kilo', 'C0000000000C'],
  ];
  // Another customer's gateways sort among Alpha's (names and MACs both).
  const BETA: [string, string][] = [
    ['Same', 'C00000000000'],
    ['beta', 'C0000000000D'],
    ['Nova', 'C0000000000E'],
  ];

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await customer('CursorAlpha');
    const child = await customer('CursorAlphaChild', alpha.tenant.id);
    beta = await customer('CursorBeta');
    for (const [tenantId, fleet, macs] of [
      [alpha.tenant.id, ALPHA, alphaMacs],
      [child.tenant.id, CHILD, alphaMacs],
      [beta.tenant.id, BETA, betaMacs],
    ] as const) {
      for (const [name, mac] of fleet) {
        await portal.services.gateways.provision(tenantId, mac, name, { registered: true });
        macs.push(mac);
      }
    }
  });

  const get = (cookie: string, query: Record<string, string | number>) =>
    injectAs(portal, cookie, 'GET', '/api/gateway/get-gateways-page', {
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  const window = async (cookie: string, query: Record<string, string | number>) => {
    const response = await get(cookie, { counts: 'false', ...query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as GatewayPage;
  };

  for (const sort of ['name', 'macId'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      it(`walks the whole list by cursors with the rows of the offset windows (${sort}, ${order})`, async () => {
        const selection = { scopeId: alpha.tenant.id, sort, order, limit: 3 };
        const byOffset: { offset: number; macs: string[] }[] = [];
        for (let offset = 0; ; offset += 3) {
          const page = await window(alpha.cookie, { ...selection, offset });
          if (page.gateways.length === 0) break;
          byOffset.push({ offset: page.offset, macs: page.gateways.map((g) => g.macId) });
        }
        const byCursor: { offset: number; macs: string[] }[] = [];
        let page = await window(alpha.cookie, selection);
        while (page.gateways.length > 0) {
          byCursor.push({ offset: page.offset, macs: page.gateways.map((g) => g.macId) });
          expect(page.next, 'a window with rows gives the cursor of its last row').toBeTypeOf('string');
          page = await window(alpha.cookie, { ...selection, after: page.next ?? '' });
        }
        expect(page.next).toBeUndefined();
        expect(byCursor).toEqual(byOffset);
        // Every gateway of the subtree once, none of the other customer's.
        const walked = byCursor.flatMap((w) => w.macs);
        expect([...walked].sort()).toEqual([...alphaMacs].sort());
        expect(walked).toHaveLength(12);
        // The ties on 'same' are broken by the MAC in the chosen direction.
        if (sort === 'name') {
          const same = walked.filter((mac) => ['Same', 'same', 'SAME'].includes(nameOf(mac)));
          const sorted = [...same].sort();
          expect(same).toEqual(order === 'asc' ? sorted : sorted.reverse());
        }
      });
    }
  }

  const nameOf = (mac: string) => [...ALPHA, ...CHILD, ...BETA].find(([, m]) => m === mac)?.[0] ?? '';

  it('keeps offsets for the orders that cannot seek (no cursor given)', async () => {
    const page = await window(alpha.cookie, { scopeId: alpha.tenant.id, sort: 'firmware', limit: 3 });
    expect(page.gateways).toHaveLength(3);
    expect(page.next).toBeUndefined();
  });

  it('refuses a malformed, altered or foreign cursor with a 400', async () => {
    const first = await window(alpha.cookie, { scopeId: alpha.tenant.id, limit: 4 });
    const cursor = first.next ?? '';
    const [payload, sum] = cursor.split('.');
    // The same payload re-encoded with another key (a hand-made cursor) without the matching checksum.
    const forged = `${Buffer.from(JSON.stringify([1, 'name', 'asc', 4, 'a', 'C00000000000'])).toString('base64url')}.${sum}`;
    const altered = `${payload?.slice(0, -2)}${payload?.endsWith('AA') ? 'BB' : 'AA'}.${sum}`;
    for (const bad of ['nonsense', '', `${payload}`, altered, forged, `${cursor}.x`]) {
      const response = await get(alpha.cookie, { scopeId: alpha.tenant.id, limit: 4, after: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toMatch(/cursor/i);
    }
    // A cursor of the name order used for another order or direction.
    for (const query of [{ order: 'desc' }, { sort: 'macId' }] as Record<string, string>[]) {
      const response = await get(alpha.cookie, {
        scopeId: alpha.tenant.id,
        limit: 4,
        after: cursor,
        ...query,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Invalid cursor: it was made for another sort or order; ask the window by offset',
      );
    }
    const firmware = await get(alpha.cookie, { scopeId: alpha.tenant.id, sort: 'firmware', after: cursor });
    expect(firmware.statusCode).toBe(400);
    expect(firmware.json().message).toBe(
      'This sort (firmware) cannot be paged by cursor; ask the window by offset',
    );
  });

  it("gives another customer's user only that user's own gateways with a cursor of Alpha's list", async () => {
    for (const sort of ['name', 'macId'] as const) {
      // Alpha's cursor after its first gateway: Beta's gateways sort both before and after it.
      const first = await window(alpha.cookie, { scopeId: alpha.tenant.id, sort, limit: 1 });
      const rest = await window(beta.cookie, {
        scopeId: beta.tenant.id,
        sort,
        limit: 100,
        after: first.next ?? '',
      });
      expect(rest.gateways.length).toBeGreaterThan(0);
      for (const gateway of rest.gateways) expect(betaMacs).toContain(gateway.macId);
      // And asked for Alpha's scope, Beta's user is refused as without a cursor.
      const foreign = await get(beta.cookie, { scopeId: alpha.tenant.id, sort, after: first.next ?? '' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain(alphaMacs[0]);
    }
  });
});
