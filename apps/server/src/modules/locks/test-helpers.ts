import { DEFAULT_PERMISSIONS, deviceUp, type LockReport, type LocksPage } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import {
  connectMqtt,
  createCustomerWithUser,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';

export const READER = [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'IOT_USER_READ', 'IOT_DEVICE_WRITE'];
export const lockName = (i: number) => `Lock-${String(i).padStart(3, '0')}`;

export type LocksCustomer = Awaited<ReturnType<typeof createCustomerWithUser>>;

/**
 * The locks tests' bench (locks.int.test.ts, locks-reports.int.test.ts): the worker's shared portal, two
 * customers (alpha, beta) signed in, and one gateway of alpha's connected that reported 30 locks (Lock-000..029,
 * BLE-L1 but the last ten BLE-L2, lock 29 not reachable) in one full inventory of two parts.
 */
export class LocksBench {
  /** The bench's lock MACs: a random prefix of its own (benches share a portal) and a number. */
  readonly prefix = randomMac().slice(0, 8);
  lockMac(i: number): string {
    return `${this.prefix}${i.toString(16).toUpperCase().padStart(4, '0')}`;
  }

  private constructor(
    readonly portal: TestPortal,
    readonly alpha: LocksCustomer,
    readonly beta: LocksCustomer,
    readonly alphaCookie: string,
    readonly betaCookie: string,
    readonly device: { mac: string; password: string },
    readonly gateway: MqttClient,
    readonly now: number,
  ) {}

  static async start(): Promise<LocksBench> {
    const now = Date.now();
    const portal = await sharedPortal();
    let gateway: MqttClient | undefined;
    try {
      const alpha = await createCustomerWithUser(portal, 'LockAlpha', { permissions: READER });
      const beta = await createCustomerWithUser(portal, 'LockBeta', { permissions: READER });
      const alphaCookie = await signIn(portal, alpha.email, alpha.password);
      const betaCookie = await signIn(portal, beta.email, beta.password);
      const device = await portal.services.gateways.provision(alpha.tenant.id, randomMac(), 'Lock gateway');
      gateway = await connectMqtt(portal.deviceBrokerUrl, {
        clientId: device.mac,
        username: device.mac,
        password: device.password,
      });
      const bench = new LocksBench(portal, alpha, beta, alphaCookie, betaCookie, device, gateway, now);
      await bench.publish(deviceUp.status(device.mac), { CS: 1, TI: now });
      // 30 locks in one full inventory of two parts.
      const locks = Array.from({ length: 30 }, (_, i) => ({
        MAC: bench.lockMac(i),
        name: lockName(i),
        type: i < 20 ? 'BLE-L1' : 'BLE-L2',
        batteryLevel: 80,
        firmwareVersion: '2.1.0',
        serialNumber: `SN-${i}`,
        status: 'LOCKED' as const,
        mode: 'shared' as const,
        inUse: false,
        RSSI: -60,
        reachable: i !== 29,
        lastAccessedTime: now - 60_000,
        timeZone: 'Europe/Berlin',
      }));
      await bench.report({ kind: 'full', TI: now, part: 1, parts: 2, total: 30, locks: locks.slice(0, 15) });
      await bench.report({ kind: 'full', TI: now, part: 2, parts: 2, total: 30, locks: locks.slice(15) });
      await waitFor(async () => (await bench.list(alphaCookie)).json<LocksPage>().total === 30);
      return bench;
    } catch (error) {
      await gateway?.endAsync(true);
      throw error;
    }
  }

  publish(topic: string, body: unknown) {
    return this.gateway.publishAsync(topic, typeof body === 'string' ? body : JSON.stringify(body), {
      qos: 1,
    });
  }

  /** Publishes a lock report of the bench's gateway. */
  report(body: LockReport | Record<string, unknown>) {
    return this.publish(deviceUp.locks(this.device.mac), body);
  }

  /** GET /api/iot-service/get-all-locks. */
  list(cookie: string, query: Record<string, string | number> = {}) {
    return injectAs(this.portal, cookie, 'GET', '/api/iot-service/get-all-locks', { query });
  }

  /** The stored row of a lock of the bench's gateway. */
  lockRow(mac: string) {
    return this.portal.database.db
      .selectFrom('locks')
      .selectAll()
      .where('gateway_mac', '=', this.device.mac)
      .where('mac', '=', mac)
      .executeTakeFirst();
  }

  async close(): Promise<void> {
    await this.gateway.endAsync(true);
  }
}
