import type { GatewayEvents } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

describe(`gateway events call (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let cookie: string;
  const mac = randomMac();
  const path = (target: string, from: number, to: number) =>
    `/api/device/events/macId/${target}/fromTime/${from}/toTime/${to}`;

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await createCustomerWithUser(portal, 'Alpha');
    beta = await createCustomerWithUser(portal, 'Beta');
    await portal.services.gateways.provision(alpha.tenant.id, mac, 'Events gateway');
    const device = { mac, tenantId: alpha.tenant.id };
    await portal.services.telemetry.recordEvents(device, {
      TI: NOW - 3 * HOUR,
      SA: [{ nme: 'CO2 High', val: 2300, sr: 'CO2', alrt: 1 }],
    });
    await portal.services.telemetry.recordEvents(device, {
      TI: NOW - 2 * HOUR,
      SE: [{ nme: 'Gateway reboot', val: 'Portal' }],
      SA: [
        { nme: 'CPU Usage High', val: 91, sr: 'CP', alrt: 1 },
        { nme: 'CO2 Normal', val: 900, sr: 'CO2', alrt: 2 },
      ],
    });
    // Outside the range asked for below.
    await portal.services.telemetry.recordEvents(device, {
      TI: NOW - 30 * HOUR,
      SE: [{ nme: 'Old', val: 1 }],
    });
    cookie = await signIn(portal, alpha.email, alpha.password);
  });

  it('answers the events and alerts of the range, oldest first, each with its time', async () => {
    const response = await injectAs(portal, cookie, 'GET', path(mac, NOW - 24 * HOUR, NOW));
    expect(response.statusCode, response.body).toBe(200);
    const events = response.json() as GatewayEvents;
    expect(events.SE).toEqual([{ nme: 'Gateway reboot', val: 'Portal', TI: NOW - 2 * HOUR }]);
    expect(events.SA).toEqual([
      { nme: 'CO2 High', val: 2300, sr: 'CO2', alrt: 1, TI: NOW - 3 * HOUR },
      { nme: 'CPU Usage High', val: 91, sr: 'CP', alrt: 1, TI: NOW - 2 * HOUR },
      { nme: 'CO2 Normal', val: 900, sr: 'CO2', alrt: 2, TI: NOW - 2 * HOUR },
    ]);
  });

  it('includes both ends of the range and nothing outside it', async () => {
    const exact = await injectAs(portal, cookie, 'GET', path(mac, NOW - 3 * HOUR, NOW - 2 * HOUR));
    expect((exact.json() as GatewayEvents).SA).toHaveLength(3);
    const none = await injectAs(portal, cookie, 'GET', path(mac, NOW - HOUR, NOW));
    expect(none.json()).toEqual({ SE: [], SA: [] });
  });

  it('refuses a range over 3 months and an empty range, as the sensor calls do', async () => {
    for (const url of [path(mac, NOW - 92 * 24 * HOUR - 1, NOW), path(mac, NOW, NOW)]) {
      const response = await injectAs(portal, cookie, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('gives a user of another tenant a 404, as for a gateway that does not exist', async () => {
    const other = await signIn(portal, beta.email, beta.password);
    for (const target of [mac, randomMac()]) {
      const response = await injectAs(portal, other, 'GET', path(target, NOW - 24 * HOUR, NOW));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Gateway not found' });
    }
  });

  it('needs a session', async () => {
    const response = await portal.app.inject({ method: 'GET', url: path(mac, NOW - HOUR, NOW) });
    expect(response.statusCode).toBe(401);
  });
});
