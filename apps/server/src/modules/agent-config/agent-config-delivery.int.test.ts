import {
  type AgentConfig,
  type AgentConfigDelivery,
  type AgentConfigDeviceMessage,
  DEFAULT_PERMISSIONS,
  deviceDown,
  deviceUp,
  live,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  endClients,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  subscribeCodes,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';

const WRITER = [...DEFAULT_PERMISSIONS, 'ALERTS_READ', 'IOT_DEVICE_READ', 'IOT_DEVICE_WRITE'];
const BASE = '/api/agentConfig';
const SECRETS = {
  mcpwd: 'Wire-Mqtt-1',
  gwpwd: 'Wire-Gw-2',
  wspwd: 'Wire-Ws-3',
  upswd: 'Wire-Elk-4',
  pwd: 'Wire-Auth-5',
};

/** A gateway as docs/mqtt.md describes it: subscribes to its own topics, says CS 1, keeps what it is sent. */
interface Gateway {
  mac: string;
  password: string;
  client?: MqttClient;
  received: AgentConfigDeviceMessage[];
}

/** Delivery to the gateways (docs/mqtt.md 3.7): over their own topic, confirmed, again on reconnect. */
describe(`agent configuration delivered to gateways (${backend} backend)`, () => {
  let portal: TestPortal;
  let sid: string;
  let writer: string;
  let online: Gateway;
  let offline: Gateway;
  let foreign: Gateway;
  const clients: MqttClient[] = [];

  const provision = async (scopeId: string): Promise<Gateway> => {
    const mac = randomMac();
    const { password } = await portal.services.gateways.provision(scopeId, mac, `Gateway ${mac}`, {
      registered: true,
    });
    return { mac, password, received: [] };
  };
  const connect = async (gateway: Gateway) => {
    const client = await connectMqtt(portal.deviceBrokerUrl, {
      clientId: gateway.mac,
      username: gateway.mac,
      password: gateway.password,
      clean: true,
    });
    client.on('message', (topic, payload) => {
      if (topic === deviceDown.agentConfig(gateway.mac))
        gateway.received.push(JSON.parse(payload.toString()));
    });
    await client.subscribeAsync(deviceDown.agentConfig(gateway.mac), { qos: 1 });
    await client.publishAsync(deviceUp.status(gateway.mac), JSON.stringify({ CS: 1, TI: Date.now() }), {
      qos: 1,
    });
    gateway.client = client;
    clients.push(client);
  };
  const disconnect = async (gateway: Gateway) => {
    await gateway.client?.publishAsync(
      deviceUp.status(gateway.mac),
      JSON.stringify({ CS: 0, TI: Date.now() }),
      {
        qos: 1,
      },
    );
    await gateway.client?.endAsync();
    gateway.client = undefined;
  };
  const answer = (gateway: Gateway, cfv: number, status: 'APPLIED' | 'REJECTED' = 'APPLIED') =>
    gateway.client?.publishAsync(
      deviceUp.agentConfig(gateway.mac),
      JSON.stringify({
        cfv,
        TI: Date.now(),
        status,
        ...(status === 'REJECTED' ? { reason: 'no such CA path' } : {}),
      }),
      { qos: 1 },
    );
  const load = async () =>
    (await injectAs(portal, writer, 'GET', `${BASE}/getConfigData/sid/${sid}`)).json<{ cfg: AgentConfig }>()
      .cfg;
  const delivery = async () =>
    (await injectAs(portal, writer, 'GET', `${BASE}/delivery/sid/${sid}`)).json<AgentConfigDelivery>();
  const change = async (edit: (cfg: AgentConfig) => AgentConfig) => {
    const response = await injectAs(portal, writer, 'PUT', `${BASE}/updateConfigData`, {
      payload: { SID: sid, cfg: edit(await load()) } as never,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ cfv: number }>().cfv;
  };

  beforeAll(async () => {
    portal = await sharedPortal();
    const alpha = await createCustomerWithUser(portal, 'CfgWire', { permissions: WRITER });
    sid = alpha.tenant.id;
    writer = await signIn(portal, alpha.email, alpha.password);
    const beta = await createCustomerWithUser(portal, 'CfgWireBeta', { permissions: WRITER });
    online = await provision(sid);
    offline = await provision(sid);
    foreign = await provision(beta.tenant.id);
    await Promise.all([connect(online), connect(foreign)]);
  });
  afterAll(async () => {
    await endClients(clients);
  });

  it('sends nothing while the customer runs the defaults, and counts every gateway unconfirmed', async () => {
    await new Promise((r) => setTimeout(r, 300));
    expect(online.received).toEqual([]);
    expect(await delivery()).toMatchObject({ cfv: 1, current: 0, older: 0, unconfirmed: 2 });
  });

  it('sends a change with its secrets to the connected gateway on its own topic only, and counts its answer', async () => {
    const watcher = await watchLive(portal, writer, live.agentConfig(sid));
    clients.push(watcher.client);
    const cfv = await change((cfg) => ({
      ...cfg,
      poll: { ...cfg.poll, pti: 2, dpf: 2, ppf: 4 },
      gateway: { ...cfg.gateway, ccf: 10, gwpwd: SECRETS.gwpwd, wspwd: SECRETS.wspwd },
      mqtt: { ...cfg.mqtt, mcpwd: SECRETS.mcpwd },
      elk: { ...cfg.elk, upswd: SECRETS.upswd },
      auth: { ...cfg.auth, pwd: SECRETS.pwd },
    }));
    expect(cfv).toBe(2);
    const message = await waitFor(async () => online.received.find((m) => m.cfv === cfv));
    expect(message).toMatchObject({ SID: sid, cfv, cfg: { poll: { pti: 2, dpf: 2, ppf: 4 } } });
    // The gateway needs them in clear: only it, on its own topic, receives them.
    expect(message.cfg.mqtt.mcpwd).toBe(SECRETS.mcpwd);
    expect(message.cfg.auth.pwd).toBe(SECRETS.pwd);
    expect(foreign.received).toEqual([]);
    // The embedded broker holds gateways to their own topics (acl.test.ts; Mosquitto in tests is open).
    if (backend === 'embedded')
      expect(await subscribeCodes(foreign.client!, [deviceDown.agentConfig(online.mac)])).toEqual([128]);

    await answer(online, cfv);
    const counted = await waitFor(async () => {
      const status = await delivery();
      return status.current === 1 ? status : null;
    });
    expect(counted).toMatchObject({ cfv, current: 1, older: 0, unconfirmed: 1 });
    expect(counted.gateways.find((g) => g.macId === online.mac)).toMatchObject({
      state: 'current',
      appliedCfv: cfv,
    });
    expect(counted.gateways[0]).toMatchObject({ macId: offline.mac, state: 'unconfirmed', connected: false });
    await waitFor(async () => watcher.messages.some((m) => (m as { type: string }).type === 'confirmed'));
    expect(watcher.messages).toContainEqual({
      type: 'confirmed',
      SID: sid,
      macId: online.mac,
      cfv,
      status: 'APPLIED',
    });
    const said = JSON.stringify(watcher.messages) + JSON.stringify(counted);
    for (const secret of Object.values(SECRETS)) expect(said).not.toContain(secret);
  });

  it('gives a gateway that was offline the current version when it connects', async () => {
    const { cfv } = await load();
    await connect(offline);
    const message = await waitFor(async () => offline.received.find((m) => m.cfv === cfv));
    expect(message.cfg.gateway.gwpwd).toBe(SECRETS.gwpwd);
    await answer(offline, cfv);
    await waitFor(async () => (await delivery()).current === 2);

    // Offline again during the next change: it keeps the older version until it is back.
    await disconnect(offline);
    const next = await change((cfg) => ({ ...cfg, poll: { ...cfg.poll, ppf: 6 } }));
    await waitFor(async () => online.received.some((m) => m.cfv === next));
    await answer(online, next);
    const split = await waitFor(async () => {
      const status = await delivery();
      return status.current === 1 && status.older === 1 ? status : null;
    });
    expect(split.gateways.find((g) => g.macId === offline.mac)).toMatchObject({
      state: 'older',
      appliedCfv: cfv,
    });
    offline.received = [];
    await connect(offline);
    const caughtUp = await waitFor(async () => offline.received.find((m) => m.cfv === next));
    expect(caughtUp.cfg.poll.ppf).toBe(6);
    await answer(offline, next);
    expect(await waitFor(async () => ((await delivery()).current === 2 ? delivery() : null))).toMatchObject({
      current: 2,
      older: 0,
      unconfirmed: 0,
    });
  });

  it('keeps a refusal, ignores a version the customer never had, and an older answer arriving late', async () => {
    const { cfv } = await load();
    await answer(online, cfv + 50);
    await answer(online, cfv - 1);
    await answer(foreign, cfv);
    await new Promise((r) => setTimeout(r, 300));
    expect(await delivery()).toMatchObject({ current: 2, older: 0, unconfirmed: 0 });
    await answer(online, cfv, 'REJECTED');
    const refused = await waitFor(async () => {
      const status = await delivery();
      return status.gateways.find((g) => g.macId === online.mac && g.rejected) ? status : null;
    });
    expect(refused.gateways.find((g) => g.macId === online.mac)?.rejected).toBe('no such CA path');
  });
});
