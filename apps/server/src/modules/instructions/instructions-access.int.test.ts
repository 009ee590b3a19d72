import { randomUUID } from 'node:crypto';
import { DEFAULT_PERMISSIONS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, createCustomerWithUser, injectAs, signIn } from '../../../test/harness.ts';
import {
  type InstructionsFixture,
  liveMessage,
  startInstructionsFixture,
  storedInstruction,
} from './test-helpers.ts';

describe(`instruction calls: tenant walls and permissions (${backend} backend)`, () => {
  let fixture: InstructionsFixture;
  let mac: string;
  const lockInstruction = (name: string) => ({
    macId: 'A4C138F00A01',
    gatewayMacId: mac,
    type: 'LOCK_DEVICE_LOCK_UNLOCK',
    locked: true,
    time: 1_735_725_600_000,
    name,
  });

  beforeAll(async () => {
    fixture = await startInstructionsFixture([{ answerInstructions: false }]);
    mac = fixture.macs[0]!;
    // A lock/unlock names a lock of the gateway (else 404: docs/locks.md 'Lock and unlock'); reported 'later'
    // than the simulator's own inventories, which therefore leave it in place.
    await fixture.portal.database.db
      .insertInto('locks')
      .values({
        tenant_id: fixture.alpha.tenant.id,
        gateway_mac: mac,
        mac: 'A4C138F00A01',
        reported_ti: Date.now(),
      })
      .execute();
  });
  afterAll(async () => {
    await fixture?.close();
  });

  /** A user of alpha's customer with only these permissions (besides the defaults); its session cookie. */
  async function alphaUserWith(permissions: string[], email?: string) {
    const db = fixture.portal.database.db;
    const user = await createCustomerWithUser(fixture.portal, 'Viewer', {
      permissions: [...DEFAULT_PERMISSIONS, ...permissions],
    });
    // Moved into alpha's tenant: same customer, fewer permissions (and another address if asked).
    await db
      .updateTable('users')
      .set({ tenant_id: fixture.alpha.tenant.id, ...(email ? { email } : {}) })
      .where('email', '=', user.email)
      .execute();
    return signIn(fixture.portal, email ?? user.email, user.password);
  }

  it('lists pending instructions with their lock name and time, and aborts them (pushed)', async () => {
    const { alpha, portal } = fixture;
    const messages = await fixture.watch(mac);
    const created = await fixture.request(alpha.cookie, lockInstruction('Front door'));
    expect(created.statusCode).toBe(200);
    const { instructionId, uid } = created.json();
    const list = await injectAs(
      portal,
      alpha.cookie,
      'GET',
      '/api/gateway-pending-instruction/pending-instructions',
      {
        query: { macId: mac },
      },
    );
    expect(list.json()).toContainEqual({
      instructionId,
      id: uid,
      type: 'LOCK_DEVICE_LOCK_UNLOCK',
      status: 'PENDING',
      payload: { name: 'Front door', time: 1_735_725_600_000 },
    });
    const aborted = await injectAs(portal, alpha.cookie, 'PUT', '/api/abort/pending-instructions', {
      payload: { instructionIds: [instructionId] },
    });
    expect(aborted.json()).toEqual({ aborted: 1 });
    expect(await liveMessage(messages, { uid })).toMatchObject({ status: 'ABORTED' });
    expect(await storedInstruction(portal, uid)).toMatchObject({ status: 'ABORTED' });
  });

  it('takes 1 to 500 instruction ids in one abort', async () => {
    const abort = (instructionIds: string[]) =>
      injectAs(fixture.portal, fixture.alpha.cookie, 'PUT', '/api/abort/pending-instructions', {
        payload: { instructionIds },
      });
    expect((await abort([])).statusCode).toBe(400);
    expect((await abort(Array.from({ length: 501 }, () => randomUUID()))).statusCode).toBe(400);
    // 500 is accepted as a request; ids that do not exist answer 404.
    expect((await abort(Array.from({ length: 500 }, () => randomUUID()))).statusCode).toBe(404);
    expect((await abort([randomUUID()])).statusCode).toBe(404);
  });

  it('marks an instruction failed from the browser (pushed); an ended one stays as it ended', async () => {
    const { alpha, portal } = fixture;
    const messages = await fixture.watch(mac);
    const { uid } = (await fixture.request(alpha.cookie, { macId: mac, type: 'CAMERA_CAPTURE' })).json();
    const update = (status: string) =>
      injectAs(portal, alpha.cookie, 'PUT', '/api/update-instruction', {
        payload: { uid, status, value: 'Camera Capture failed' },
      });
    expect((await update('FAILED')).json()).toEqual({ uid, status: 'FAILED' });
    expect(await liveMessage(messages, { uid })).toEqual({
      uid,
      type: 'CAMERA_CAPTURE',
      status: 'FAILED',
      value: 'Camera Capture failed',
    });
    expect((await update('SUCCESS')).json()).toEqual({ uid, status: 'FAILED' });
    expect(await storedInstruction(portal, uid)).toMatchObject({
      status: 'FAILED',
      answer: 'Camera Capture failed',
    });
  });

  it('deletes a pending instruction whose dialog closed (created through the generic alias)', async () => {
    const { alpha, portal } = fixture;
    const created = await injectAs(portal, alpha.cookie, 'PUT', '/api/generic/create-instruction', {
      payload: { macId: mac, type: 'DIAGNOSTICS' },
    });
    const { uid } = created.json();
    expect(await storedInstruction(portal, uid)).toMatchObject({ status: 'PENDING', type: 'DIAGNOSTICS' });
    const response = await injectAs(
      portal,
      alpha.cookie,
      'PUT',
      `/api/generic/delete-instruction/uid/${uid}`,
    );
    expect(response.json()).toEqual({ uid, status: 'ABORTED' });
    expect(await storedInstruction(portal, uid)).toBeUndefined();
  });

  it('gives a user of another customer 404 on every call naming the gateway or an instruction, changing nothing', async () => {
    const { alpha, beta, portal } = fixture;
    const { instructionId, uid } = (await fixture.request(alpha.cookie, lockInstruction('Back door'))).json();
    const calls = [
      () => fixture.request(beta.cookie, { macId: mac, type: 'DIAGNOSTICS' }),
      () => fixture.request(beta.cookie, lockInstruction('Back door')),
      () =>
        injectAs(portal, beta.cookie, 'PUT', '/api/update-instruction', {
          payload: { uid, status: 'FAILED' },
        }),
      () =>
        injectAs(portal, beta.cookie, 'PUT', `/api/generic/update-instruction/uid/${uid}`, {
          payload: { status: 'FAILED' },
        }),
      () => injectAs(portal, beta.cookie, 'PUT', `/api/generic/delete-instruction/uid/${uid}`),
      () => injectAs(portal, beta.cookie, 'GET', `/api/instruction/${uid}/image`),
      () =>
        injectAs(portal, beta.cookie, 'GET', '/api/gateway-pending-instruction/pending-instructions', {
          query: { macId: mac },
        }),
      () =>
        injectAs(portal, beta.cookie, 'PUT', '/api/abort/pending-instructions', {
          payload: { instructionIds: [instructionId] },
        }),
      () => injectAs(portal, beta.cookie, 'DELETE', `/api/unregister-gateway/macId/${mac}`),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(await storedInstruction(portal, uid)).toMatchObject({ status: 'PENDING' });
    const rows = await portal.database.db
      .selectFrom('instructions')
      .select('type')
      .where('mac', '=', mac)
      .where('status', '=', 'PENDING')
      .execute();
    expect(rows.map((r) => r.type)).not.toContain('DIAGNOSTICS');
    expect(rows.map((r) => r.type)).not.toContain('UNREGISTER');
    const gateway = await portal.database.db
      .selectFrom('gateways')
      .select('registered')
      .where('mac', '=', mac)
      .executeTakeFirst();
    expect(gateway?.registered).toBe(true);
  });

  it('lets a viewer run diagnostics, camera and logs, but not the other instructions (403)', async () => {
    const viewer = await alphaUserWith(['IOT_DEVICE_READ']);
    expect((await fixture.request(viewer, { macId: mac, type: 'DIAGNOSTICS' })).statusCode).toBe(200);
    for (const body of [lockInstruction('Side door'), { macId: mac, type: 'HOTSPOT', value: 1 }]) {
      expect((await fixture.request(viewer, body)).statusCode).toBe(403);
    }
    const { portal } = fixture;
    expect(
      (
        await injectAs(portal, viewer, 'GET', '/api/gateway-pending-instruction/pending-instructions', {
          query: { macId: mac },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await injectAs(portal, viewer, 'PUT', '/api/abort/pending-instructions', {
          payload: { instructionIds: [randomUUID()] },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(portal, viewer, 'DELETE', `/api/unregister-gateway/macId/${mac}`)).statusCode,
    ).toBe(403);
    const nobody = await alphaUserWith([]);
    expect((await fixture.request(nobody, { macId: mac, type: 'DIAGNOSTICS' })).statusCode).toBe(403);
  });

  it('keeps device logs to vendor staff (STAFF_EMAIL_DOMAINS) and root: 403 for others', async () => {
    const { portal } = fixture;
    const outsider = await alphaUserWith(['IOT_DEVICE_READ'], `outsider-${mac.toLowerCase()}@elsewhere.com`);
    expect((await fixture.request(outsider, { macId: mac, type: 'LOGS' })).statusCode).toBe(403);
    const log = await injectAs(portal, outsider, 'GET', `/api/device-logs/${'0'.repeat(32)}.log`);
    expect(log.statusCode).toBe(403);
    // Staff of the customer ask; the silent gateway leaves the request pending.
    expect((await fixture.request(fixture.alpha.cookie, { macId: mac, type: 'LOGS' })).statusCode).toBe(200);
  });

  it('refuses an unknown type, a bad MAC and a bad uid (400)', async () => {
    const { alpha, portal } = fixture;
    expect((await fixture.request(alpha.cookie, { macId: mac, type: 'SELF_DESTRUCT' })).statusCode).toBe(400);
    expect(
      (await fixture.request(alpha.cookie, { macId: 'not-a-mac', type: 'DIAGNOSTICS' })).statusCode,
    ).toBe(400);
    const longUid = 'a'.repeat(65);
    expect(
      (await injectAs(portal, alpha.cookie, 'PUT', `/api/generic/delete-instruction/uid/${longUid}`))
        .statusCode,
    ).toBe(400);
    // 64 characters is a valid uid shape; none exists.
    expect(
      (await injectAs(portal, alpha.cookie, 'PUT', `/api/generic/delete-instruction/uid/${'a'.repeat(64)}`))
        .statusCode,
    ).toBe(404);
  });
});
