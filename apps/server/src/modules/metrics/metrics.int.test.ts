import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { deviceUp, live } from '@portal/contract';
import { sql } from 'kysely';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  endClients,
  randomMac,
  signIn,
  testEnvironment,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';
import { buildApp, createLogger, type Portal } from '../../app.ts';
import { loadConfig } from '../../config.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one series of the Prometheus text, or undefined when it is not there. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe(`/metrics and request ids in the logs (${backend} backend)`, () => {
  let portal: Portal;
  let baseUrl: string;
  let cleanup: () => Promise<void>;
  const lines: Record<string, unknown>[] = [];
  const clients: MqttClient[] = [];

  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    portal.app.inject({ method: 'GET', url: '/metrics', headers });
  const scrapeText = async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    const environment = await testEnvironment();
    cleanup = environment.cleanup;
    const config = loadConfig({
      ...environment.env,
      LOG_LEVEL: 'info',
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: '0',
      // The alert engine's tick (which would claim the due timers a test writes) once a minute only.
      ALERT_TICK_MS: '60000',
    });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    portal = await buildApp(config, createLogger(config, sink));
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const address = portal.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await endClients(clients);
    await portal?.app.close();
    await cleanup?.();
  });

  it('answers only with the bearer token: 401 without it or with another', async () => {
    expect((await scrape({})).statusCode).toBe(401);
    expect((await scrape({ authorization: 'Bearer wrong-token-of-some-length' })).statusCode).toBe(401);
    expect((await scrape({ authorization: TOKEN })).statusCode).toBe(401);
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    // prom-client's default metrics: memory and event-loop lag.
    expect(series(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(series(response.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(series(response.body, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });

  it('serves the same on METRICS_PORT, asking for the token there too', async () => {
    const url = `http://127.0.0.1:${portal.metrics.port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(series(await response.text(), 'portal_ingest_messages_total')).toBeGreaterThanOrEqual(0);
    expect((await fetch(url.replace('/metrics', '/api/health'))).status).toBe(404);
  });

  it('times HTTP calls by their route pattern, never by the URL with its ids', async () => {
    const cookie = await signIn(portal);
    const { tenant } = await createCustomerWithUser(portal, 'Metrics');
    const before = await scrapeText();
    const labels = { method: 'GET', route: '/api/scope/:id', status: '2xx' };
    const count = (text: string) => series(text, 'portal_http_request_duration_seconds_count', labels) ?? 0;
    for (let i = 0; i < 3; i++) {
      const response = await portal.app.inject({
        method: 'GET',
        url: `/api/scope/${tenant.id}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
    }
    const after = await scrapeText();
    expect(count(after) - count(before)).toBe(3);
    expect(after).not.toContain(tenant.id);
    expect(after).not.toContain('twoFactorKey/test');
    expect(
      series(after, 'portal_http_request_duration_seconds_count', { route: '/api/login/twoFactorKey/:key' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("moves the ingest counters, batch and commit histograms, gateways, browsers and fan-out with a gateway's telemetry", async () => {
    const cookie = await signIn(portal);
    const { tenant } = await createCustomerWithUser(portal, 'Fleet');
    const device = await portal.services.gateways.provision(tenant.id, randomMac(), 'Metered gateway');
    const watcher = await watchLive({ app: portal.app, baseUrl }, cookie, live.graph(tenant.id, device.mac));
    clients.push(watcher.client);
    const before = await scrapeText();
    expect(series(before, 'portal_live_browsers')).toBe(1);

    const brokerUrl =
      backend === 'real' ? portal.config.MQTT_URL! : `mqtt://127.0.0.1:${portal.messaging.tcpPort()}`;
    const gateway = await connectMqtt(brokerUrl, {
      clientId: device.mac,
      username: device.mac,
      password: device.password,
    });
    clients.push(gateway);
    const now = Date.now();
    const publish = (topic: string, body: unknown) =>
      gateway.publishAsync(topic, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });
    await publish(deviceUp.status(device.mac), { CS: 1, TI: now });
    await publish(deviceUp.telemetry(device.mac), {
      samples: [
        { TI: now, CO2: 600 },
        { TI: now + 1000, CO2: 610 },
        { TI: now + 2000, CO2: 620 },
      ],
    });
    await publish(deviceUp.telemetry(device.mac), 'not json');
    await publish(deviceUp.telemetry(device.mac), { samples: [{ TI: now + 3_600_000, CO2: 1 }] });
    await waitFor(async () => watcher.messages.length > 0);

    // The live message can come before the last of the four publications is handled (a loaded machine).
    const movedBetween = (text: string, name: string, labels?: Record<string, string>) =>
      (series(text, name, labels) ?? 0) - (series(before, name, labels) ?? 0);
    const after = await waitFor(async () => {
      const text = await scrapeText();
      const settled =
        series(text, 'portal_gateways_connected') === 1 &&
        movedBetween(text, 'portal_ingest_messages_total') >= 4 &&
        series(text, 'portal_ingest_in_flight') === 0;
      return settled ? text : null;
    });
    const moved = (name: string, labels?: Record<string, string>) => movedBetween(after, name, labels);
    expect(moved('portal_ingest_messages_total')).toBe(4);
    expect(moved('portal_ingest_accepted_total')).toBe(2);
    expect(moved('portal_ingest_samples_total')).toBe(3);
    expect(moved('portal_ingest_refused_total', { reason: 'not_json' })).toBe(1);
    expect(moved('portal_ingest_refused_total', { reason: 'time_window' })).toBe(1);
    expect(moved('portal_ingest_batch_size_sum')).toBe(3);
    expect(moved('portal_ingest_commit_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(moved('portal_ingest_handle_seconds_total')).toBeGreaterThan(0);
    expect(series(after, 'portal_ingest_in_flight')).toBe(0);
    expect(moved('portal_live_messages_relayed_total')).toBeGreaterThanOrEqual(1);
  });

  it('shows each work queue with the age of its oldest item, read when scraped', async () => {
    await sql`insert into outbox (channel, recipient, subject, body, created_at)
      values ('email', 'queued@test.local', 'Waiting', 'body', now() - interval '2 minutes')`.execute(
      portal.database.db,
    );
    const text = await scrapeText();
    expect(series(text, 'portal_queue_items', { queue: 'mail_outbox' })).toBeGreaterThanOrEqual(1);
    expect(series(text, 'portal_queue_oldest_seconds', { queue: 'mail_outbox' })).toBeGreaterThanOrEqual(119);
    for (const queue of ['sms_outbox', 'instructions_pending', 'rollouts_running', 'alert_timers']) {
      expect(series(text, 'portal_queue_items', { queue })).toBe(0);
    }
  });

  it("counts the alert engine's reminders, escalations and digest windows as alert timers, most overdue first", async () => {
    const db = portal.database.db;
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const incident = (
      rule: string,
      timers: { next_reminder_at?: Date; escalate_at?: Date; acknowledged_at?: Date; escalated_at?: Date },
    ) =>
      db
        .insertInto('alert_incidents')
        .values({
          tenant_id: 'metrics-tenant',
          rule_id: rule,
          rule_name: 'Metrics rule',
          kind: 'sensor',
          alert_type: 'HIGH_CO2',
          gateway_mac: 'AABBCCDDEEFF',
          subject: rule,
          state: 'firing',
          started_at: ago(3600),
          fire_at: ago(3600),
          fired_at: ago(3600),
          reminder_ms: 300_000,
          escalation_ms: 600_000,
          ...timers,
        })
        .execute();
    const timers = async () => {
      const text = await scrapeText();
      return {
        items: series(text, 'portal_queue_items', { queue: 'alert_timers' }),
        overdue: series(text, 'portal_queue_oldest_seconds', { queue: 'alert_timers' })!,
      };
    };
    try {
      // A reminder due in the future: one timer, nothing overdue.
      await incident('metrics-reminder-later', { next_reminder_at: ago(-300) });
      expect(await timers()).toEqual({ items: 1, overdue: 0 });
      // A reminder 30 s and an escalation 90 s past due (no instance ticking): three, the escalation's age.
      await incident('metrics-reminder-due', { next_reminder_at: ago(30) });
      await incident('metrics-escalation-due', { escalate_at: ago(90) });
      let now = await timers();
      expect(now.items).toBe(3);
      expect(now.overdue).toBeGreaterThanOrEqual(89);
      expect(now.overdue).toBeLessThan(120);
      // Acknowledged or escalated already: the tick would not claim them, so they are not counted.
      await incident('metrics-acknowledged', {
        next_reminder_at: ago(600),
        escalate_at: ago(600),
        acknowledged_at: ago(0),
      });
      await incident('metrics-escalated', { escalate_at: ago(600), escalated_at: ago(0) });
      expect((await timers()).items).toBe(3);
      // A digest window holding events, closed 2 minutes ago: the most overdue; an empty window is no work.
      await sql`insert into alert_digests (rule_id, channel, recipient, tenant_id, closes_at, items) values
        ('metrics-digest', 'email', 'due@test.local', 'metrics-tenant', now() - interval '2 minutes',
         '[{"at": 1}]'::jsonb),
        ('metrics-digest', 'email', 'empty@test.local', 'metrics-tenant', now() - interval '1 hour', '[]'::jsonb)`.execute(
        db,
      );
      now = await timers();
      expect(now.items).toBe(4);
      expect(now.overdue).toBeGreaterThanOrEqual(119);
      expect(now.overdue).toBeLessThan(300);
    } finally {
      await sql`delete from alert_digests where tenant_id = 'metrics-tenant'`.execute(db);
      await sql`delete from alert_incidents where tenant_id = 'metrics-tenant'`.execute(db);
    }
    expect(await timers()).toEqual({ items: 0, overdue: 0 });
  });

  it('serves every metric the Grafana dashboard in docs/ shows', async () => {
    const dashboard = await readFile(
      new URL('../../../../../docs/grafana-dashboard.json', import.meta.url),
      'utf8',
    );
    const shown = new Set(
      [...dashboard.matchAll(/\b((?:portal|nodejs|process)_[a-z0-9_]+)/g)].map((m) =>
        m[1]!.replace(/_(bucket|sum|count)$/, ''),
      ),
    );
    expect(shown.size).toBeGreaterThan(15);
    const served = new Set([...(await scrapeText()).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
    expect([...shown].filter((name) => !served.has(name))).toEqual([]);
  });

  it('logs a database error a request causes with the request id', async () => {
    const cookie = await signIn(portal);
    const { tenant } = await createCustomerWithUser(portal, 'Broken');
    await sql`alter table tenants rename to tenants_away`.execute(portal.database.db);
    try {
      const response = await portal.app.inject({
        method: 'GET',
        url: `/api/scope/${tenant.id}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await sql`alter table tenants_away rename to tenants`.execute(portal.database.db);
    }
    const failed = lines.find((line) => line.msg === 'request failed');
    expect(failed?.err).toMatchObject({ code: '42P01' });
    const reqId = failed?.reqId;
    expect(reqId).toEqual(expect.any(String));
    const request = lines.find((line) => line.msg === 'request' && line.reqId === reqId);
    expect(request).toMatchObject({ url: `/api/scope/${tenant.id}`, statusCode: 500 });
  });
});
