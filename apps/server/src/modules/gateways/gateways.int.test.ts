import { randomUUID } from 'node:crypto';
import { DEFAULT_PERMISSIONS, type GatewaySummary } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';
import { TenantsRepository } from '../tenants/tenants.repository.ts';

describe(`GET /api/gateway/get-gateways (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let alphaChild: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>>;
  const macs = { alpha: randomMac(), alphaChild: randomMac(), beta: randomMac() };

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await createCustomerWithUser(portal, 'Alpha');
    alphaChild = await createCustomerWithUser(portal, 'AlphaSub', { parentId: alpha.tenant.id });
    beta = await createCustomerWithUser(portal, 'Beta');
    const { gateways, telemetry } = portal.services;
    await gateways.provision(alpha.tenant.id, macs.alpha, 'A gateway');
    await gateways.provision(alphaChild.tenant.id, macs.alphaChild, 'B gateway');
    await gateways.provision(beta.tenant.id, macs.beta, 'C gateway');
    const device = { mac: macs.alpha, tenantId: alpha.tenant.id };
    await telemetry.recordSamples(device, [{ TI: 1_800_000_000_000, CO2: 500 }]);
    await telemetry.recordSamples(device, [{ TI: 1_800_000_005_000, CO2: 612.25, TEMP: 21.5 }]);
  });

  const list = async (cookie: string, scopeId: string) =>
    portal.app.inject({
      method: 'GET',
      url: `/api/gateway/get-gateways?scopeId=${scopeId}`,
      headers: { cookie },
    });

  it("lists a customer's gateways and its sub-customers', with the latest sample", async () => {
    const response = await list(await signIn(portal, alpha.email, alpha.password), alpha.tenant.id);
    expect(response.statusCode).toBe(200);
    const gateways = response.json() as GatewaySummary[];
    expect(gateways.map((g) => g.macId)).toEqual([macs.alpha, macs.alphaChild]);
    expect(gateways[0]).toMatchObject({
      name: 'A gateway',
      scopeId: alpha.tenant.id,
      deviceStatus: 'offline',
      latest: { TI: 1_800_000_005_000, CO2: 612.25, TEMP: 21.5 },
    });
    expect(gateways[1]!.latest).toBeNull();
  });

  it('gives the registry and device-reported fields of each card', async () => {
    const cookie = await signIn(portal, alpha.email, alpha.password);
    const fresh = (await list(cookie, alpha.tenant.id)).json() as GatewaySummary[];
    expect(fresh.find((g) => g.macId === macs.alphaChild)).toMatchObject({
      REG: 1,
      HS: null,
      NW: null,
      LCTN: null,
      tags: [],
      CRTD: null,
      manufacturer: null,
      appVersion: null,
      noOfWhiteListedDevices: 0,
      listOfWhiteListedLocks: [],
      liveState: null,
    });
    const mac = randomMac();
    const other = await createCustomerWithUser(portal, 'Fields');
    await portal.services.gateways.provision(other.tenant.id, mac, 'Z gateway', {
      registered: false,
      manufacturer: 'Acme',
      manufactured_at: new Date(Date.UTC(2023, 0, 2)),
      app_version: 159,
      tags: ['north'],
    });
    await portal.services.gateways.recordState(
      { mac, tenantId: other.tenant.id },
      {
        TI: 1_800_000_000_000,
        HS: 1,
        HSIPRC: 0,
        NW: 2,
        SS: 4,
        CMS: 1,
        LCTN: { CTY: 'Oslo', LAT: 59.9, LNG: 10.7 },
        state: { currentState: 'IdleState', pollInterval: 900_000, rssiValue: -85 },
      },
    );
    const listed = ((await list(await signIn(portal), other.tenant.id)).json() as GatewaySummary[]).find(
      (g) => g.macId === mac,
    );
    expect(listed).toMatchObject({
      REG: 0,
      HS: 1,
      HSIPRC: 0,
      NW: 2,
      SS: 4,
      CMS: 1,
      LCTN: { CTY: 'Oslo', LAT: 59.9, LNG: 10.7 },
      tags: ['north'],
      CRTD: Date.UTC(2023, 0, 2),
      manufacturer: 'Acme',
      appVersion: 159,
      liveState: { currentState: 'IdleState', pollInterval: 900_000, rssiValue: -85 },
    });
  });

  it('gives a user of another tenant nothing: 404, as for an id that does not exist', async () => {
    const cookie = await signIn(portal, beta.email, beta.password);
    for (const scopeId of [alpha.tenant.id, alphaChild.tenant.id, randomUUID()]) {
      const response = await list(cookie, scopeId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Customer not found' });
    }
  });

  it('lets a sub-customer see its own gateways but not its parent', async () => {
    const cookie = await signIn(portal, alphaChild.email, alphaChild.password);
    expect((await list(cookie, alphaChild.tenant.id)).json().map((g: GatewaySummary) => g.macId)).toEqual([
      macs.alphaChild,
    ]);
    expect((await list(cookie, alpha.tenant.id)).statusCode).toBe(404);
  });

  it('lets the root administrator see every customer from the root scope', async () => {
    const root = await new TenantsRepository(portal.database.db).findByKind('root');
    const response = await list(await signIn(portal), root!.id);
    expect(response.json().map((g: GatewaySummary) => g.macId)).toEqual(
      expect.arrayContaining([macs.alpha, macs.alphaChild, macs.beta]),
    );
  });

  it('refuses without a session, without IOT_DEVICE_READ, and with a malformed scope id', async () => {
    expect(
      (
        await portal.app.inject({
          method: 'GET',
          url: `/api/gateway/get-gateways?scopeId=${alpha.tenant.id}`,
        })
      ).statusCode,
    ).toBe(401);
    const reader = await createCustomerWithUser(portal, 'NoRead', {
      parentId: alpha.tenant.id,
      permissions: [...DEFAULT_PERMISSIONS],
    });
    const cookie = await signIn(portal, reader.email, reader.password);
    expect((await list(cookie, reader.tenant.id)).statusCode).toBe(403);
    const malformed = await list(await signIn(portal), 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_ERROR');
  });

  it('keeps the newest online/offline report when they arrive out of order (a goodbye before a reboot last)', async () => {
    const { gateways } = portal.services;
    const gamma = await createCustomerWithUser(portal, 'Gamma');
    const mac = randomMac();
    await gateways.provision(gamma.tenant.id, mac, 'Rebooting gateway');
    const device = { mac, tenantId: gamma.tenant.id };
    const goodbye = Date.now() - 2_000;
    // The hello after the reboot is handled first, then the goodbye sent before it.
    expect(await gateways.recordStatus(device, { CS: 1, TI: goodbye + 500 })).toBe(true);
    expect(await gateways.recordStatus(device, { CS: 0, TI: goodbye })).toBe(false);
    const cookie = await signIn(portal, gamma.email, gamma.password);
    const card = async () =>
      ((await list(cookie, gamma.tenant.id)).json() as GatewaySummary[]).find((g) => g.macId === mac);
    expect((await card())?.deviceStatus).toBe('online');
    // A later goodbye (a newer report) still counts, and so does the next hello.
    expect(await gateways.recordStatus(device, { CS: 0, TI: goodbye + 1_000 })).toBe(true);
    expect((await card())?.deviceStatus).toBe('offline');
    expect(await gateways.recordStatus(device, { CS: 1, TI: goodbye + 1_500 })).toBe(true);
    expect((await card())?.deviceStatus).toBe('online');
  });

  describe('device registry calls', () => {
    it('lists the devices of a scope subtree in short keys, and the online ones as reachable', async () => {
      const { gateways } = portal.services;
      await gateways.recordStatus(
        { mac: macs.alpha, tenantId: alpha.tenant.id },
        { CS: 1, TI: 1_800_000_010_000 },
      );
      await gateways.recordState(
        { mac: macs.alpha, tenantId: alpha.tenant.id },
        { TI: 1_800_000_010_000, FW: 'v2025-01-02', NW: 1, SS: 3, HS: 0, LCTN: { CTY: 'Oslo' } },
      );
      const cookie = await signIn(portal, alpha.email, alpha.password);
      const devices = await portal.app.inject({
        method: 'GET',
        url: `/iotdevices?scopeId=${alpha.tenant.id}`,
        headers: { cookie },
      });
      expect(devices.statusCode).toBe(200);
      expect(devices.json()).toEqual([
        expect.objectContaining({
          MAC: macs.alpha,
          NAME: 'A gateway',
          SID: alpha.tenant.id,
          REG: 1,
          CS: 1,
          FW: 'v2025-01-02',
          NW: 1,
          SS: 3,
          HS: 0,
          LCTN: { CTY: 'Oslo' },
          LONTI: 1_800_000_010_000,
          type: 'gateway',
        }),
        expect.objectContaining({
          MAC: macs.alphaChild,
          SID: alphaChild.tenant.id,
          CS: 0,
          FW: null,
          LCTN: null,
        }),
      ]);
      const reachable = await portal.app.inject({
        method: 'GET',
        url: `/api/iot-service/reachable?scopeId=${alpha.tenant.id}`,
        headers: { cookie },
      });
      expect(reachable.json().map((d: { MAC: string }) => d.MAC)).toEqual([macs.alpha]);
    });

    it('lists everything a user reaches, and only that', async () => {
      const alphaCookie = await signIn(portal, alpha.email, alpha.password);
      const betaCookie = await signIn(portal, beta.email, beta.password);
      const macsOf = async (url: string, cookie: string, key: 'MAC' | 'macId') =>
        (await portal.app.inject({ method: 'GET', url, headers: { cookie } }))
          .json()
          .map((d: Record<string, string>) => d[key]);
      expect(await macsOf('/api/iot-service/get-all-gateway-devices', alphaCookie, 'MAC')).toEqual([
        macs.alpha,
        macs.alphaChild,
      ]);
      expect(await macsOf('/api/gateway/get-all-gateways', betaCookie, 'macId')).toEqual([macs.beta]);
      expect(await macsOf('/api/iot-service/get-all-gateway-devices', await signIn(portal), 'MAC')).toEqual(
        expect.arrayContaining([macs.alpha, macs.alphaChild, macs.beta]),
      );
    });

    it('gives the last 50 samples of each gateway for the mini-charts, oldest first', async () => {
      const device = { mac: macs.alpha, tenantId: alpha.tenant.id };
      const base = 1_800_000_100_000;
      await portal.services.telemetry.recordSamples(
        device,
        Array.from({ length: 55 }, (_, i) => ({ TI: base + i * 5000, CO2: 400 + i })),
      );
      const cookie = await signIn(portal, alpha.email, alpha.password);
      const response = await portal.app.inject({
        method: 'GET',
        url: `/api/device/recent-data?scopeId=${alpha.tenant.id}`,
        headers: { cookie },
      });
      const recent = response.json();
      expect(Object.keys(recent).sort()).toEqual([macs.alpha, macs.alphaChild].sort());
      expect(recent[macs.alpha]).toHaveLength(50);
      expect(recent[macs.alpha][49]).toEqual({ TI: base + 54 * 5000, CO2: 454 });
      expect(recent[macs.alpha][0].TI).toBeLessThan(recent[macs.alpha][49].TI);
      expect(recent[macs.alphaChild]).toEqual([]);
    });

    it('limits the recent data to the listed gateways, at most 100, and only those in the scope', async () => {
      const cookie = await signIn(portal, alpha.email, alpha.password);
      const recent = (macIds: string[]) =>
        portal.app.inject({
          method: 'GET',
          url: `/api/device/recent-data?scopeId=${alpha.tenant.id}&macIds=${macIds.join(',')}`,
          headers: { cookie },
        });
      const one = await recent([macs.alphaChild]);
      expect(one.json()).toEqual({ [macs.alphaChild]: [] });
      const others = Array.from({ length: 97 }, () => randomMac());
      const hundred = await recent([macs.alpha, macs.alphaChild, macs.beta, ...others]);
      expect(hundred.statusCode).toBe(200);
      expect(Object.keys(hundred.json()).sort()).toEqual([macs.alpha, macs.alphaChild].sort());
      const tooMany = await recent([macs.alpha, macs.alphaChild, macs.beta, ...others, randomMac()]);
      expect(tooMany.statusCode).toBe(400);
      expect((await recent(['not-a-mac'])).statusCode).toBe(400);
    });

    it('gives a user of another tenant nothing from any of them', async () => {
      const cookie = await signIn(portal, beta.email, beta.password);
      for (const url of [
        `/iotdevices?scopeId=${alpha.tenant.id}`,
        `/api/iot-service/reachable?scopeId=${alpha.tenant.id}`,
        `/api/device/recent-data?scopeId=${alpha.tenant.id}`,
      ]) {
        const response = await portal.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(response.statusCode, url).toBe(404);
      }
    });
  });
});
