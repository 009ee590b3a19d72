import type { ActivityLogEntry } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, signIn, type TestPortal } from '../../../test/harness.ts';
import {
  type Customer,
  command,
  type FakeGateway,
  fakeGateway,
  OPERATOR,
  signedInUser,
  startCommandsPortal,
} from './test-helpers.ts';

const STAFF_DOMAIN = 'vendor.example';
const DAY = 86_400_000;

describe(`GET /api/gateway-activity-logs/logs (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let beta: Customer;
  let alphaCookie: string;
  let betaCookie: string;
  let staff: { email: string; cookie: string };
  let gateway: FakeGateway;
  let startedAt: number;

  beforeAll(async () => {
    ({ portal, alpha, beta, alphaCookie, betaCookie } = await startCommandsPortal({
      STAFF_EMAIL_DOMAINS: `other.example, ${STAFF_DOMAIN.toUpperCase()}`,
    }));
    staff = await signedInUser(portal, alpha.tenant.id, {
      permissions: OPERATOR,
      email: `staff-${Date.now()}@${STAFF_DOMAIN}`,
    });
    startedAt = Date.now() - 1000;
    gateway = await fakeGateway(portal, alpha.tenant.id);
    // What the feed is made of: a command from the portal, device events and alerts, a connection change.
    await command(portal, staff.cookie, gateway.mac, { command: 'SCAN' });
    await injectAs(portal, staff.cookie, 'PUT', `/api/gateway/${gateway.mac}/whitelist`, {
      payload: { listOfWhiteListedLocks: ['*'] },
    });
    await portal.services.telemetry.recordEvents(
      { mac: gateway.mac, tenantId: alpha.tenant.id },
      {
        TI: Date.now(),
        SE: [
          { nme: 'Scan completed', val: 9, val2: 5 },
          { nme: 'Gateway reboot', val: 'Portal' },
        ],
        SA: [{ nme: 'CO2 High', val: 2240, sr: 'CO2', alrt: 1 }],
      },
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await portal?.close();
  });

  const logs = (cookie: string, query: Record<string, string | number>) =>
    injectAs(portal, cookie, 'GET', '/api/gateway-activity-logs/logs', { query });
  const lastHour = () => ({ macId: gateway.mac, fromTime: startedAt, toTime: Date.now() + 1000 });

  it('gives vendor staff the events, alerts, connection changes and commands, newest first', async () => {
    const response = await logs(staff.cookie, lastHour());
    expect(response.statusCode).toBe(200);
    const entries = response.json() as ActivityLogEntry[];
    expect(entries.map((e) => e.date)).toEqual([...entries.map((e) => e.date)].sort((a, b) => b - a));
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: 'Scan requested', type: 'event', scanMadeBy: staff.email }),
        expect.objectContaining({
          message: 'Whitelist saved',
          whiteListedLocks: '*',
          scanMadeBy: staff.email,
        }),
        expect.objectContaining({ message: 'Scan completed', scannedLocks: 9, whiteListedLocks: 5 }),
        expect.objectContaining({ message: 'Gateway reboot', gatewayReboot: true }),
        expect.objectContaining({ message: 'CO2 High', type: 'alert', status: '2240' }),
        expect.objectContaining({ message: 'Gateway Online', gatewayConnectionStatus: 'Online' }),
      ]),
    );
  });

  it('is for vendor staff and root users only (403 to others)', async () => {
    expect((await logs(alphaCookie, lastHour())).statusCode).toBe(403);
    expect((await logs(await signIn(portal), lastHour())).statusCode).toBe(200);
  });

  it('says in the user details whether the user is vendor staff', async () => {
    const details = async (cookie: string) =>
      (await injectAs(portal, cookie, 'GET', '/api/user-details')).json().vendorStaff;
    expect(await details(staff.cookie)).toBe(true);
    expect(await details(alphaCookie)).toBe(false);
  });

  it('takes a range of at most 3 months (91.25 days)', async () => {
    const toTime = Date.now();
    const ok = await logs(staff.cookie, { macId: gateway.mac, fromTime: toTime - 91.25 * DAY, toTime });
    expect(ok.statusCode).toBe(200);
    const tooLong = await logs(staff.cookie, {
      macId: gateway.mac,
      fromTime: toTime - 91.25 * DAY - 1,
      toTime,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain("Activity feed range can't exceed 3 months");
    const backwards = await logs(staff.cookie, { macId: gateway.mac, fromTime: toTime, toTime: toTime - 1 });
    expect(backwards.statusCode).toBe(400);
  });

  it('gives a user of another tenant a 404, staff or not', async () => {
    const betaStaff = await signedInUser(portal, beta.tenant.id, {
      permissions: OPERATOR,
      email: `beta-staff-${Date.now()}@${STAFF_DOMAIN}`,
    });
    for (const cookie of [betaCookie, betaStaff.cookie]) {
      const response = await logs(cookie, lastHour());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Gateway not found' });
    }
  });
});
