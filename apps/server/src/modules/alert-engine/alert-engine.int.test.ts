import { live } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectLive,
  endClients,
  injectAs,
  signIn,
  subscribeCodes,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import {
  type AlertGateway,
  type ArrayRules,
  customerWithGateway,
  incidentsOf,
  receiver,
  sensorRule,
  sleep,
  startAlertPortal,
} from './test-helpers.ts';

describe(`alert engine: waiting, recovery, no data, suppression (${backend} backend)`, () => {
  let portal: TestPortal;
  let rules: ArrayRules;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    ({ portal, rules } = await startAlertPortal({ SMTP_URL: smtp.url, ALERT_NO_DATA_SECONDS: '0.6' }));
  }, 180_000);
  const clients: MqttClient[] = [];
  afterAll(async () => {
    await endClients(clients);
    await portal?.close();
    await smtp?.close();
  });

  const co2Items = async (gateway: AlertGateway) =>
    (await gateway.alertItems())
      .filter((item) => item.sr === 'CO2')
      .map((item) => `${item.nme} ${item.val} ${item.alrt}`);
  /** The panel's items once there are `count`: an incident's item is written just after its state changes. */
  const co2ItemsOnce = (gateway: AlertGateway, count: number) =>
    waitFor(async () => {
      const items = await co2Items(gateway);
      return items.length >= count ? items : null;
    });

  it('a spike shorter than the waiting time fires nothing; a value held past it fires once', async () => {
    const gateway = await customerWithGateway(portal, 'Waiting');
    const rule = sensorRule(gateway.tenantId, { waitingSeconds: 0.4 });
    rules.put(rule);
    await gateway.sample({ CO2: 1500 });
    expect(await incidentsOf(portal, rule.id)).toMatchObject([{ state: 'pending' }]);
    await sleep(150);
    await gateway.sample({ CO2: 900 });
    await sleep(450);
    expect(await incidentsOf(portal, rule.id)).toEqual([]);
    expect(await co2Items(gateway)).toEqual([]);

    const started = Date.now();
    await gateway.sample({ CO2: 1500 });
    await sleep(200);
    await gateway.sample({ CO2: 1600 });
    const [fired] = await waitFor(async () => {
      const rows = await incidentsOf(portal, rule.id);
      return rows[0]?.state === 'firing' ? rows : null;
    });
    expect(fired!.fired_at!.getTime() - started).toBeGreaterThanOrEqual(400);
    // The item carries the value that crossed the threshold.
    expect(await co2ItemsOnce(gateway, 1)).toEqual(['CO2 High 1500 1']);
  });

  it('a value hovering at the threshold keeps one incident; it clears after the recovery time', async () => {
    const gateway = await customerWithGateway(portal, 'Hover');
    const rule = sensorRule(gateway.tenantId, { waitingSeconds: 1 });
    rules.put(rule);
    await gateway.sample({ CO2: 1200 });
    await waitFor(async () => (await incidentsOf(portal, rule.id))[0]?.state === 'firing');
    // Back and forth across 1000 faster than the recovery time (1 s): no clear, no second incident.
    for (const value of [999, 1001, 1000, 1002, 998, 990, 1001]) {
      await gateway.sample({ CO2: value });
      await sleep(50);
    }
    expect(await incidentsOf(portal, rule.id)).toMatchObject([{ state: 'firing' }]);
    const clearing = Date.now();
    await gateway.sample({ CO2: 800 });
    const [resolved] = await waitFor(async () => {
      const rows = await incidentsOf(portal, rule.id);
      return rows[0]?.state === 'resolved' ? rows : null;
    });
    expect(resolved!.resolved_at!.getTime() - clearing).toBeGreaterThanOrEqual(1000);
    expect(await co2ItemsOnce(gateway, 2)).toEqual(['CO2 High 1200 1', 'CO2 Normal 800 2']);
  });

  it('a LOW rule fires below its threshold with alrt 0; deleting the rule ends its incident', async () => {
    const gateway = await customerWithGateway(portal, 'Low');
    const rule = sensorRule(gateway.tenantId, {
      type: 'HIGH_TEMP',
      thresholdType: 'LOW',
      threshold: 5,
      waitingSeconds: 0,
    });
    rules.put(rule);
    await gateway.sample({ TEMP: 5 }); // the threshold itself is normal
    await gateway.sample({ TEMP: 4.5 });
    await waitFor(async () => (await incidentsOf(portal, rule.id))[0]?.state === 'firing');
    const items = (await gateway.alertItems()).filter((item) => item.sr === 'TEMP');
    expect(items).toMatchObject([{ nme: 'Temperature Low', val: 4.5, alrt: 0 }]);
    // The rule deleted: its open incident ends.
    rules.remove(rule.id);
    await waitFor(async () => (await incidentsOf(portal, rule.id))[0]?.state === 'resolved');
  });

  it('a connected gateway that stops sending is a no-data incident until its next sample', async () => {
    const gateway = await customerWithGateway(portal, 'Silent');
    rules.put(sensorRule(gateway.tenantId));
    await gateway.sample({ CO2: 500 });
    const [incident] = await waitFor(async () => {
      const rows = await incidentsOf(portal, 'no-data');
      const own = rows.filter((row) => row.subject === gateway.mac);
      return own[0]?.state === 'firing' ? own : null;
    }, 5000);
    expect(incident).toMatchObject({ kind: 'nodata', tenant_id: gateway.tenantId });
    await gateway.sample({ CO2: 510 });
    const names = (await gateway.alertItems()).map((item) => item.nme);
    expect(names).toEqual(['No Data', 'Data Resumed']);
    const rows = (await incidentsOf(portal, 'no-data')).filter((row) => row.subject === gateway.mac);
    expect(rows[0]).toMatchObject({ state: 'resolved' });
  });

  /** The first mail to `to` whose subject contains `text` (other mails of the gateway may come between). */
  const mailWith = (to: string, text: string) =>
    waitFor(async () => smtp.messages.find((m) => m.to.includes(to) && m.subject.includes(text)), 20_000);

  it('gateway offline: one incident, new alerts suppressed and counted, an open one still resolves and mails', async () => {
    const gateway = await customerWithGateway(portal, 'Offline');
    const watcher = receiver();
    const co2 = sensorRule(gateway.tenantId, { waitingSeconds: 0, receivers: [watcher] });
    const temp = sensorRule(gateway.tenantId, { type: 'HIGH_TEMP', threshold: 30, waitingSeconds: 0 });
    rules.put(co2, temp);
    await gateway.sample({ CO2: 1500, TEMP: 20 });
    await waitFor(async () => (await incidentsOf(portal, co2.id))[0]?.state === 'firing');
    await mailWith(watcher.email, `Alert: ${co2.name}`);

    await gateway.offline();
    // The rule covers the gateway: its receiver hears of the outage too (and of no-data, this portal's is short).
    await mailWith(watcher.email, 'Alert: Gateway offline');
    // A late sample of the outage: CO2 is back (the open alert resolves), the temperature is high (suppressed).
    await gateway.sample({ CO2: 700, TEMP: 45 });
    await gateway.sample({ CO2: 690, TEMP: 46 });
    await waitFor(async () => (await incidentsOf(portal, co2.id))[0]?.state === 'resolved');
    await mailWith(watcher.email, `Resolved: ${co2.name}`);
    expect(await incidentsOf(portal, temp.id)).toEqual([]);

    const [offline] = (await incidentsOf(portal, 'gateway-offline')).filter(
      (row) => row.subject === gateway.mac,
    );
    expect(offline).toMatchObject({ state: 'firing', suppressed_count: 1 });
    const cookie = await signIn(portal, gateway.email, gateway.password);
    const listed = await injectAs(portal, cookie, 'GET', '/api/alert-incidents', {
      query: { scopeId: gateway.tenantId, state: 'open' },
    });
    expect(listed.json().incidents).toEqual([
      expect.objectContaining({ kind: 'offline', gatewayMac: gateway.mac, suppressedCount: 1 }),
    ]);

    await gateway.online();
    await mailWith(watcher.email, 'Resolved: Gateway offline');
    expect(
      (await incidentsOf(portal, 'gateway-offline')).filter((r) => r.subject === gateway.mac),
    ).toMatchObject([{ state: 'resolved', suppressed_count: 1 }]);
    // (This portal's no-data time is short: on a slow machine the waits above may add its items; not ours here.)
    const names = (await gateway.alertItems())
      .filter((item) => item.nme !== 'No Data' && item.nme !== 'Data Resumed')
      .map((item) => `${item.nme}${item.val2 ? ` (${item.val2})` : ''}`);
    expect(names).toEqual([
      `CO2 High (${co2.name})`,
      'Gateway Offline',
      `CO2 Normal (${co2.name})`,
      'Gateway Online (1 alert(s) suppressed)',
    ]);
    // Back online, the temperature still high is raised now.
    await gateway.sample({ TEMP: 47 });
    await waitFor(async () => (await incidentsOf(portal, temp.id))[0]?.state === 'firing');
  });

  it('incidents and their notifications stay behind the tenant wall and ALERTS_READ', async () => {
    const own = await customerWithGateway(portal, 'Wall');
    const other = await customerWithGateway(portal, 'Stranger');
    const rule = sensorRule(own.tenantId, { waitingSeconds: 0, receivers: [receiver()] });
    rules.put(rule);
    const ownCookie = await signIn(portal, own.email, own.password);
    const strangerCookie = await signIn(portal, other.email, other.password);
    const watcher = await watchLive<{ type: string; event: string; incident: { ruleId: string } }>(
      portal,
      ownCookie,
      live.alerts(own.tenantId),
    );
    const stranger = await connectLive(portal, strangerCookie);
    clients.push(watcher.client, stranger);
    expect(await subscribeCodes(stranger, [live.alerts(own.tenantId)])).toEqual([128]);
    await own.sample({ CO2: 2000 });
    const [incident] = await waitFor(async () => {
      const rows = await incidentsOf(portal, rule.id);
      return rows[0]?.state === 'firing' ? rows : null;
    });
    // (The gateway's no-data incident may come and go on the channel too on a slow machine.)
    const ofRule = () => watcher.messages.filter((m) => m.incident.ruleId === rule.id);
    await waitFor(async () => ofRule().length > 0);
    expect(ofRule()).toEqual([expect.objectContaining({ type: 'incident', event: 'fired' })]);
    // The receivers are notified just after the live message (announcer.ts): the list fills a moment later.
    const notifications = await waitFor(async () => {
      const response = await injectAs(
        portal,
        ownCookie,
        'GET',
        `/api/alert-incidents/${incident!.id}/notifications`,
      );
      return response.statusCode !== 200 || response.json().notifications.length > 0 ? response : null;
    });
    expect(notifications.statusCode).toBe(200);
    expect(notifications.json().notifications).toMatchObject([{ event: 'fired', channel: 'email' }]);
    const foreignList = await injectAs(portal, strangerCookie, 'GET', '/api/alert-incidents', {
      query: { scopeId: own.tenantId },
    });
    expect(foreignList.statusCode).toBe(404);
    const foreignOne = await injectAs(
      portal,
      strangerCookie,
      'GET',
      `/api/alert-incidents/${incident!.id}/notifications`,
    );
    expect(foreignOne.statusCode).toBe(404);
    expect(foreignOne.body).not.toContain(rule.name);

    const { createCustomerWithUser } = await import('../../../test/harness.ts');
    const reader = await createCustomerWithUser(portal, 'NoAlerts', {
      parentId: own.tenantId,
      permissions: ['IOT_DEVICE_READ'],
    });
    const noRight = await injectAs(
      portal,
      await signIn(portal, reader.email, reader.password),
      'GET',
      '/api/alert-incidents',
      {
        query: { scopeId: reader.tenant.id },
      },
    );
    expect(noRight.statusCode).toBe(403);
  });
});

describe(`alert engine: a waiting time ends on time (${backend} backend)`, () => {
  let portal: TestPortal;
  let rules: ArrayRules;
  beforeAll(async () => {
    // A tick of a minute: only the pass at the waiting time's end (wakeAt) can fire it in time.
    ({ portal, rules } = await startAlertPortal({ ALERT_TICK_MS: '60000' }));
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('fires when its waiting time ends, not at the next tick', async () => {
    const gateway = await customerWithGateway(portal, 'On time');
    const rule = sensorRule(gateway.tenantId, { waitingSeconds: 0.5 });
    rules.put(rule);
    await sleep(100);
    await gateway.sample({ CO2: 1500 });
    const [pending] = await incidentsOf(portal, rule.id);
    expect(pending).toMatchObject({ state: 'pending' });
    const [fired] = await waitFor(async () => {
      const rows = await incidentsOf(portal, rule.id);
      return rows[0]?.state === 'firing' ? rows : null;
    }, 5_000);
    const late = fired!.fired_at!.getTime() - fired!.fire_at.getTime();
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(2_000);
  });
});
