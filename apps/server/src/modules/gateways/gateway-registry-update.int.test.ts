import { live, MANUFACTURED_MIN_MS, gatewayRegistryMessages as messages } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, waitFor, watchLive } from '../../../test/harness.ts';
import { gatewayRow, provisioned, registryCalls, sharedRegistryPortal } from './test-helpers.ts';

type World = Awaited<ReturnType<typeof sharedRegistryPortal>>;

describe(`PUT /api/update-gateway/{MAC} (${backend} backend)`, () => {
  let world: World;
  const calls = registryCalls(() => world.portal);
  const details = {
    NAME: 'Warehouse',
    CRTD: Date.UTC(2024, 1, 29),
    tags: ['dock_3', 'cold@room'],
    LCTN: { SRT: 'Storgata 5', CTY: 'Bergen', STATE: 'Vestland', CNTRY: 'Norway', ZCODE: '5003' },
  };

  beforeAll(async () => {
    world = await sharedRegistryPortal();
  });

  it('changes name, address, manufactured date and tags; the list shows them', async () => {
    const { mac } = await provisioned(world.portal, world.alpha.tenant.id);
    const response = await calls.update(world.alpha.cookie, mac, details);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Successfully updated details',
      macId: mac,
      scopeId: world.alpha.tenant.id,
    });
    expect(await calls.listed(world.alpha.cookie, world.alpha.tenant.id, mac)).toMatchObject({
      name: 'Warehouse',
      CRTD: details.CRTD,
      tags: details.tags,
      LCTN: details.LCTN,
    });
  });

  it('changes only what is sent, and clears an address field sent blank', async () => {
    const { mac } = await provisioned(world.portal, world.alpha.tenant.id);
    await calls.update(world.alpha.cookie, mac, details);
    expect((await calls.update(world.alpha.cookie, mac, { NAME: 'Renamed' })).statusCode).toBe(200);
    await calls.update(world.alpha.cookie, mac, { LCTN: { ...details.LCTN, SRT: '' } });
    const listed = await calls.listed(world.alpha.cookie, world.alpha.tenant.id, mac);
    expect(listed).toMatchObject({ name: 'Renamed', tags: details.tags, CRTD: details.CRTD });
    expect(listed!.LCTN).toEqual({ CTY: 'Bergen', STATE: 'Vestland', CNTRY: 'Norway', ZCODE: '5003' });
  });

  it("keeps the entered address over the device's reported one, in the lists and on the live channel", async () => {
    const { mac } = await provisioned(world.portal, world.alpha.tenant.id);
    await calls.update(world.alpha.cookie, mac, { LCTN: { ZCODE: '5003', CTY: '' } });
    const watch = await watchLive<{ type: string; macId: string; LCTN?: unknown }>(
      world.portal,
      world.alpha.cookie,
      live.gateways(world.alpha.tenant.id),
    );
    try {
      await world.portal.services.gateways.recordState(
        { mac, tenantId: world.alpha.tenant.id },
        { TI: Date.now(), LCTN: { CTY: 'Sydney', ZCODE: '2000', LAT: -33.86, LNG: 151.2 } },
      );
      const shown = { CTY: 'Sydney', ZCODE: '5003', LAT: -33.86, LNG: 151.2 };
      await waitFor(async () => watch.messages.some((m) => m.macId === mac && m.type === 'state'));
      expect(watch.messages.find((m) => m.macId === mac && m.type === 'state')!.LCTN).toEqual(shown);
      expect((await calls.listed(world.alpha.cookie, world.alpha.tenant.id, mac))!.LCTN).toEqual(shown);
    } finally {
      await watch.client.endAsync(true);
    }
  });

  it('answers 400 when nothing changes', async () => {
    const { mac } = await provisioned(world.portal, world.alpha.tenant.id);
    await calls.update(world.alpha.cookie, mac, details);
    for (const body of [details, {}, { NAME: 'Warehouse', SID: world.alpha.tenant.id }]) {
      const response = await calls.update(world.alpha.cookie, mac, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.nothingChanged);
    }
  });

  it('applies the section 5 rules at both bounds', async () => {
    const { mac } = await provisioned(world.portal, world.alpha.tenant.id);
    const cases: [Record<string, unknown>, string | null][] = [
      [{ NAME: 'n'.repeat(40) }, null],
      [{ NAME: 'n'.repeat(41) }, messages.nameTooLong],
      [{ NAME: '' }, messages.nameRequired],
      [{ LCTN: { CTY: 'c'.repeat(40) } }, null],
      [{ LCTN: { CTY: 'c'.repeat(41) } }, messages.addressTooLong],
      [{ LCTN: { ZCODE: 'z'.repeat(20) } }, null],
      [{ LCTN: { ZCODE: 'z'.repeat(21) } }, messages.zipTooLong],
      [{ CRTD: MANUFACTURED_MIN_MS }, null],
      [{ CRTD: MANUFACTURED_MIN_MS - 1 }, messages.manufacturedTooEarly],
      [{ CRTD: Date.now() }, null],
      [{ CRTD: Date.now() + 2 * 24 * 3600_000 }, messages.manufacturedInFuture],
      [{ tags: ['ok#1', 'ok@2'] }, null],
      [{ tags: ['not ok'] }, messages.tagInvalid],
      [{ tags: ['a', 'a'] }, messages.tagDuplicate],
    ];
    for (const [body, message] of cases) {
      const before = await gatewayRow(world.portal, mac);
      const response = await calls.update(world.alpha.cookie, mac, body);
      if (message === null) {
        expect(response.statusCode, JSON.stringify(body)).toBe(200);
      } else {
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toBe(message);
        expect(await gatewayRow(world.portal, mac)).toEqual(before);
      }
    }
  });

  it('moves the gateway to another customer in reach (the Configuration dialog)', async () => {
    const { mac } = await provisioned(world.portal, world.alpha.tenant.id);
    const response = await calls.update(world.alpha.cookie, mac, { SID: world.alphaSub.tenant.id });
    expect(response.json()).toMatchObject({ message: messages.updated, scopeId: world.alphaSub.tenant.id });
    expect((await gatewayRow(world.portal, mac))!.tenant_id).toBe(world.alphaSub.tenant.id);
  });

  it("gives a user of another tenant 404 for this tenant's gateways and customers, and changes nothing", async () => {
    const { mac } = await provisioned(world.portal, world.alpha.tenant.id);
    const before = await gatewayRow(world.portal, mac);
    expect((await calls.update(world.beta.cookie, mac, { NAME: 'Taken' })).statusCode).toBe(404);
    expect((await calls.update(world.beta.cookie, mac, { SID: world.beta.tenant.id })).statusCode).toBe(404);
    const ownGateway = await provisioned(world.portal, world.beta.tenant.id);
    const intoAlpha = await calls.update(world.beta.cookie, ownGateway.mac, { SID: world.alpha.tenant.id });
    expect(intoAlpha.statusCode).toBe(404);
    expect(await gatewayRow(world.portal, mac)).toEqual(before);
    expect((await gatewayRow(world.portal, ownGateway.mac))!.tenant_id).toBe(world.beta.tenant.id);
  });

  it('answers 403 without IOT_DEVICE_WRITE', async () => {
    const { mac } = await provisioned(world.portal, world.reader.tenant.id);
    expect((await calls.update(world.reader.cookie, mac, { NAME: 'Mine' })).statusCode).toBe(403);
    expect((await gatewayRow(world.portal, mac))!.name).toBe('Gateway');
  });
});
