import { createHash } from 'node:crypto';
import { MANUFACTURED_MIN_MS, gatewayRegistryMessages as messages } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, randomMac } from '../../../test/harness.ts';
import { gatewayRow, provisioned, registryCalls, sharedRegistryPortal } from './test-helpers.ts';

type World = Awaited<ReturnType<typeof sharedRegistryPortal>>;

describe(`PUT /api/gateway/register-gateway (${backend} backend)`, () => {
  let world: World;
  const calls = registryCalls(() => world.portal);
  const form = (scopeId: string, overrides: Record<string, unknown> = {}) => ({
    MAC: randomMac(),
    NAME: 'Lobby gateway',
    SID: scopeId,
    CRTD: Date.UTC(2023, 4, 1),
    REG: 1,
    HS: 0,
    tags: ['floor-1'],
    LCTN: { SRT: 'Karl Johans gate 1', CTY: 'Oslo', STATE: 'Oslo', CNTRY: 'Norway', ZCODE: '0154' },
    ...overrides,
  });

  beforeAll(async () => {
    world = await sharedRegistryPortal();
  });

  it('creates a registered gateway that the list shows with its details', async () => {
    // A MAC of its own (the portal is shared), written as a person may: lower case, with colons.
    const mac = randomMac();
    const written = mac.toLowerCase().replace(/(..)(?!$)/g, '$1:');
    const body = form(world.alpha.tenant.id, { MAC: written, tags: ['floor-1', 'lobby#2'] });
    const response = await calls.register(world.alpha.cookie, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Successfully Registered',
      macId: mac,
      scopeId: world.alpha.tenant.id,
      credential: expect.any(String),
    });
    expect(await calls.listed(world.alpha.cookie, world.alpha.tenant.id, mac)).toMatchObject({
      name: 'Lobby gateway',
      REG: 1,
      HS: 0,
      CRTD: Date.UTC(2023, 4, 1),
      tags: ['floor-1', 'lobby#2'],
      LCTN: body.LCTN,
      deviceStatus: 'offline',
    });
  });

  it('completes an unregistered gateway (REG 0 -> 1), keeping what the device reports', async () => {
    const gateway = await provisioned(world.portal, world.alpha.tenant.id, { registered: false });
    await world.portal.services.gateways.recordState(
      { mac: gateway.mac, tenantId: world.alpha.tenant.id },
      { TI: Date.now(), NW: 1, LCTN: { LAT: 59.91, LNG: 10.75 } },
    );
    const response = await calls.register(
      world.alpha.cookie,
      form(world.alpha.tenant.id, { MAC: gateway.mac }),
    );
    expect(response.json().message).toBe('Successfully Registered');
    const listed = await calls.listed(world.alpha.cookie, world.alpha.tenant.id, gateway.mac);
    expect(listed).toMatchObject({ id: gateway.id, REG: 1, NW: 1, name: 'Lobby gateway' });
    expect(listed!.LCTN).toEqual({ ...form('').LCTN, LAT: 59.91, LNG: 10.75 });
  });

  it('hands out a fresh device credential once, stores only its digest; registering again keeps it', async () => {
    const gateways = world.portal.services.gateways;
    const body = form(world.alpha.tenant.id);
    const first = (await calls.register(world.alpha.cookie, body)).json().credential as string;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const row = await gatewayRow(world.portal, body.MAC);
    expect(row!.credential_hash).toBe(createHash('sha256').update(first).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(first);
    // The gateway connects with it (MAC as username, credential as password: docs/mqtt.md 1).
    expect(await gateways.authenticateDevice(body.MAC, first)).toEqual({
      mac: body.MAC,
      tenantId: world.alpha.tenant.id,
    });
    // The list never shows it.
    const listed = await calls.listed(world.alpha.cookie, world.alpha.tenant.id, body.MAC);
    expect(JSON.stringify(listed)).not.toContain(first);

    // Un-registered, then registered again: the gateway keeps its credential and stays connectable.
    await world.portal.database.db
      .updateTable('gateways')
      .set({ registered: false })
      .where('mac', '=', body.MAC)
      .execute();
    const second = await calls.register(world.alpha.cookie, body);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().credential).toBeNull();
    expect(await gateways.authenticateDevice(body.MAC, first)).toMatchObject({ mac: body.MAC });
  });

  it('issues a credential when completing an unregistered gateway that has none', async () => {
    const body = form(world.alpha.tenant.id);
    const created = await calls.register(world.alpha.cookie, body);
    expect(created.statusCode, created.body).toBe(200);
    await world.portal.database.db
      .updateTable('gateways')
      .set({ registered: false, credential_hash: null })
      .where('mac', '=', body.MAC)
      .execute();
    const completed = await calls.register(world.alpha.cookie, body);
    const credential = completed.json().credential as string;
    expect(credential.length).toBeGreaterThanOrEqual(32);
    expect(await world.portal.services.gateways.authenticateDevice(body.MAC, credential)).toMatchObject({
      mac: body.MAC,
    });
  });

  it('gives a user of another customer nothing for a gateway outside its reach: no credential, no change', async () => {
    const gateway = await provisioned(world.portal, world.alpha.tenant.id, { registered: false });
    const before = await gatewayRow(world.portal, gateway.mac);
    const response = await calls.register(
      world.beta.cookie,
      form(world.beta.tenant.id, { MAC: gateway.mac }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('credential');
    const after = await gatewayRow(world.portal, gateway.mac);
    expect(after!.credential_hash).toBe(before!.credential_hash);
    expect(after!.registered).toBe(false);
    expect(
      await world.portal.services.gateways.authenticateDevice(gateway.mac, gateway.password),
    ).not.toBeNull();
    // Nor into a customer it cannot reach.
    const sideways = await calls.register(world.beta.cookie, form(world.alpha.tenant.id));
    expect(sideways.statusCode).toBe(404);
  });

  it('registers into a sub-customer, and refuses a gateway that is registered already', async () => {
    const body = form(world.alphaSub.tenant.id);
    expect((await calls.register(world.alpha.cookie, body)).statusCode).toBe(200);
    expect((await gatewayRow(world.portal, body.MAC))!.tenant_id).toBe(world.alphaSub.tenant.id);
    const again = await calls.register(world.alpha.cookie, { ...body, NAME: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.alreadyRegistered);
    expect((await gatewayRow(world.portal, body.MAC))!.name).toBe('Lobby gateway');
  });

  describe('section 5 rules, at both bounds', () => {
    const accepted = async (overrides: Record<string, unknown>) => {
      const response = await calls.register(world.alpha.cookie, form(world.alpha.tenant.id, overrides));
      expect(response.statusCode, response.body).toBe(200);
    };
    const refused = async (overrides: Record<string, unknown>, message: string) => {
      const body = form(world.alpha.tenant.id, overrides);
      const response = await calls.register(world.alpha.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(await gatewayRow(world.portal, body.MAC)).toBeUndefined();
    };
    const address = (field: string, value: string) => ({ LCTN: { ...form('').LCTN, [field]: value } });

    it('name: required, at most 40 characters', async () => {
      await refused({ NAME: '' }, messages.nameRequired);
      await refused({ NAME: '   ' }, messages.nameRequired);
      await accepted({ NAME: 'n'.repeat(40) });
      await refused({ NAME: 'n'.repeat(41) }, messages.nameTooLong);
    });

    it('street, city and state: at most 40; zip: at most 20', async () => {
      for (const field of ['SRT', 'CTY', 'STATE']) {
        await accepted(address(field, 'x'.repeat(40)));
        await refused(address(field, 'x'.repeat(41)), messages.addressTooLong);
      }
      await accepted(address('ZCODE', '9'.repeat(20)));
      await refused(address('ZCODE', '9'.repeat(21)), messages.zipTooLong);
    });

    it('manufactured date: from 2022-01-01 to today', async () => {
      await accepted({ CRTD: MANUFACTURED_MIN_MS });
      await refused({ CRTD: MANUFACTURED_MIN_MS - 1 }, messages.manufacturedTooEarly);
      await accepted({ CRTD: Date.now() });
      await refused({ CRTD: Date.now() + 2 * 24 * 3600_000 }, messages.manufacturedInFuture);
      await refused({ CRTD: undefined }, messages.manufacturedRequired);
    });

    it('tags: letters, digits and _-;#@ only, no duplicates', async () => {
      await accepted({ tags: ['Az09_-;#@', 't'.repeat(40)] });
      await refused({ tags: ['two words'] }, messages.tagInvalid);
      await refused({ tags: ['dot.ted'] }, messages.tagInvalid);
      await refused({ tags: [''] }, messages.tagInvalid);
      await refused({ tags: ['t'.repeat(41)] }, messages.tagTooLong);
      await refused({ tags: ['same', 'other', 'same'] }, messages.tagDuplicate);
      await accepted({ tags: Array.from({ length: 50 }, (_, i) => `t${i}`) });
      await refused({ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, messages.tooManyTags);
    });

    it('MAC: 12 hexadecimal digits', async () => {
      await refused({ MAC: 'AABBCC00112' }, 'Invalid MAC address');
      await refused({ MAC: 'GGBBCC001122' }, 'Invalid MAC address');
    });
  });

  describe('tenant walls and permissions', () => {
    it("gives a user of another tenant 404 for this tenant's customers and gateways, and changes nothing", async () => {
      const unregistered = await provisioned(world.portal, world.alpha.tenant.id, { registered: false });
      for (const body of [
        form(world.alpha.tenant.id),
        form(world.alphaSub.tenant.id),
        form(world.beta.tenant.id, { MAC: unregistered.mac }),
      ]) {
        const response = await calls.register(world.beta.cookie, body);
        expect(response.statusCode).toBe(404);
      }
      const row = await gatewayRow(world.portal, unregistered.mac);
      expect(row).toMatchObject({ registered: false, tenant_id: world.alpha.tenant.id, name: 'Gateway' });
    });

    it('refuses a sub-customer registering into its parent', async () => {
      const response = await calls.register(world.alphaSub.cookie, form(world.alpha.tenant.id));
      expect(response.statusCode).toBe(404);
    });

    it('answers 403 without IOT_DEVICE_WRITE and 401 without a session', async () => {
      const body = form(world.reader.tenant.id);
      expect((await calls.register(world.reader.cookie, body)).statusCode).toBe(403);
      expect((await calls.register('', body)).statusCode).toBe(401);
      expect(await gatewayRow(world.portal, body.MAC)).toBeUndefined();
    });
  });
});
