import { deviceUp } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  injectAs,
  signIn,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import {
  type ArrayRules,
  customerWithGateway,
  randomMac,
  receiver,
  sensorRule,
  sleep,
  startAlertPortal,
} from './test-helpers.ts';

/**
 * Issue 30.10: a gateway moved to another customer produced 'Resolved: Gateway offline' with no opening alert.
 * A resolution is told only to whom the firing was told (an outage that began while no rule, or not this
 * receiver, covered the gateway ends quietly), and a move, whose dropped connection the gateway makes again at
 * once, is no outage at all.
 */
describe(`alert resolutions only follow their alert (${backend} backend)`, () => {
  let portal: TestPortal;
  let rules: ArrayRules;
  let smtp: TestSmtp;
  let root: string;
  const devices: MqttClient[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    ({ portal, rules } = await startAlertPortal({ SMTP_URL: smtp.url }));
    root = await signIn(portal);
  }, 180_000);
  afterAll(async () => {
    for (const device of devices) await device.endAsync(true);
    await portal?.close();
    await smtp?.close();
  });

  /** What was mailed to `email` of gateway outages so far, oldest first: 'Alert: Gateway offline', 'Resolved: ...'. */
  const outageMailsTo = (email: string) =>
    smtp.messages
      .filter((m) => m.to.includes(email.toLowerCase()) && m.subject.includes('Gateway offline'))
      .map((m) => m.subject.split(' - ')[0]);

  it('tells no one an outage ended that began before they were covered, and tells the next one whole', async () => {
    const gateway = await customerWithGateway(portal, 'Late rule');
    await gateway.offline();
    // The outage is on, and no rule covers the gateway: nobody is told.
    await waitFor(async () =>
      (await gateway.alertItems()).some((item) => item.nme === 'Gateway Offline') ? true : null,
    );
    const watcher = receiver();
    rules.put(sensorRule(gateway.tenantId, { name: 'Room CO2', receivers: [watcher] }));
    await gateway.online();
    await waitFor(async () =>
      (await gateway.alertItems()).some((item) => item.nme === 'Gateway Online') ? true : null,
    );
    // The next outage, begun and ended under the rule, is told both ways.
    await gateway.offline();
    expect((await smtp.waitForMessage(watcher.email)).subject).toContain('Alert: Gateway offline');
    await gateway.online();
    expect((await smtp.waitForMessage(watcher.email)).subject).toContain('Resolved: Gateway offline');
    await sleep(300);
    expect(outageMailsTo(watcher.email)).toEqual(['Alert: Gateway offline', 'Resolved: Gateway offline']);
  });

  it('a gateway moved to another customer is no outage: nobody hears it went offline or came back', async () => {
    const from = await createCustomerWithUser(portal, 'Move from');
    const to = await createCustomerWithUser(portal, 'Move to');
    const before = receiver();
    const after = receiver();
    rules.put(
      sensorRule(from.tenant.id, { name: 'From CO2', receivers: [before] }),
      sensorRule(to.tenant.id, { name: 'To CO2', receivers: [after] }),
    );
    const mac = randomMac();
    const { password } = await portal.services.gateways.provision(from.tenant.id, mac, 'Mover');
    // The gateway as the simulator runs it: its will says offline, and it says online on every connection.
    const device = await connectMqtt(portal.deviceBrokerUrl, {
      clientId: mac,
      username: mac,
      password,
      reconnectPeriod: 300,
      will: {
        topic: deviceUp.status(mac),
        payload: Buffer.from(JSON.stringify({ CS: 0 })),
        qos: 1,
        retain: false,
      },
    });
    devices.push(device);
    const online = () =>
      device.publishAsync(deviceUp.status(mac), JSON.stringify({ CS: 1, TI: Date.now() }), { qos: 1 });
    let reconnected = false;
    device.on('connect', () => {
      reconnected = true;
      void online();
    });
    await online();

    const moved = await injectAs(portal, root, 'PUT', `/api/update-gateway/${mac}`, {
      payload: { SID: to.tenant.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The embedded broker drops the connection (an external one cannot); the gateway comes back as the new
    // customer's, online.
    if (backend === 'embedded') await waitFor(async () => reconnected || null, 20_000);
    await waitFor(async () => {
      const row = await portal.database.db
        .selectFrom('gateways')
        .select(['connected', 'tenant_id'])
        .where('mac', '=', mac)
        .executeTakeFirst();
      return row?.connected && row.tenant_id === to.tenant.id ? row : null;
    }, 20_000);
    // What an outage would have mailed is sent by now.
    await sleep(2000);
    // The move is no outage: neither customer's receivers hear of one.
    expect(outageMailsTo(before.email)).toEqual([]);
    expect(outageMailsTo(after.email)).toEqual([]);
  });
});
