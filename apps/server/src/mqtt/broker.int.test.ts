import { deviceDown, deviceUp, live } from '@portal/contract';
import type { IClientOptions, MqttClient } from 'mqtt';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  randomMac,
  sharedPortal,
  signIn,
  subscribeCodes,
  type TestPortal,
  waitFor,
} from '../../test/harness.ts';

describe(`MQTT access control (${backend} backend)`, () => {
  let portal: TestPortal;
  let customerA: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let customerB: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let gatewayA: { mac: string; password: string };
  let gatewayB: { mac: string; password: string };
  const clients: MqttClient[] = [];
  const track = (client: MqttClient) => {
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    portal = await sharedPortal();
    customerA = await createCustomerWithUser(portal, 'Alpha');
    customerB = await createCustomerWithUser(portal, 'Beta');
    gatewayA = await portal.services.gateways.provision(customerA.tenant.id, randomMac(), 'A1');
    gatewayB = await portal.services.gateways.provision(customerB.tenant.id, randomMac(), 'B1');
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  });

  const connectGatewayA = (url: string, options: IClientOptions = {}) =>
    connectMqtt(url, {
      clientId: gatewayA.mac,
      username: gatewayA.mac,
      password: gatewayA.password,
      ...options,
    });

  const wsUrl = () => `${portal.baseUrl.replace('http', 'ws')}/mqtt`;
  // Gateways reach the portal's own broker over TCP (embedded) and over /mqtt (both modes).
  const deviceEndpoints = () =>
    backend === 'embedded' ? [`mqtt://127.0.0.1:${portal.messaging.tcpPort()}`, wsUrl()] : [wsUrl()];

  it('refuses a gateway with a wrong credential', async () => {
    for (const url of deviceEndpoints()) {
      await expect(
        connectMqtt(url, { clientId: gatewayA.mac, username: gatewayA.mac, password: 'not-the-credential' }),
      ).rejects.toThrow(/Bad username or password/);
      await expect(connectMqtt(url, { clientId: gatewayA.mac })).rejects.toThrow(/Bad username or password/);
    }
  });

  it('refuses a gateway credential used under another client id (no takeover)', async () => {
    for (const url of deviceEndpoints()) {
      await expect(
        connectMqtt(url, { clientId: gatewayB.mac, username: gatewayA.mac, password: gatewayA.password }),
      ).rejects.toThrow(/Bad username or password/);
    }
  });

  it("gives a failure SUBACK for another gateway's command topic, # and $SYS", async () => {
    for (const url of deviceEndpoints()) {
      const client = track(await connectGatewayA(url));
      const codes = await subscribeCodes(client, [
        deviceDown.command('+', gatewayA.mac),
        deviceDown.command(customerB.tenant.id, gatewayB.mac),
        deviceDown.command('+', '+'),
        '#',
        '$SYS/#',
        deviceUp.telemetry(gatewayB.mac),
      ]);
      expect(codes).toEqual([1, 128, 128, 128, 128, 128]);
      await client.endAsync();
    }
  });

  // With an external broker, commands travel through it, not through the portal's own broker.
  if (backend === 'embedded') {
    it('delivers a gateway its own commands and nothing of another gateway', async () => {
      const url = deviceEndpoints()[0]!;
      const client = track(await connectGatewayA(url));
      const received: string[] = [];
      client.on('message', (topic) => received.push(topic));
      await subscribeCodes(client, [deviceDown.command('+', gatewayA.mac), '#']);
      await portal.messaging.publishToDevices(deviceDown.command(customerB.tenant.id, gatewayB.mac), {
        command: 'SCAN',
      });
      await portal.messaging.publishToDevices(deviceDown.command(customerA.tenant.id, gatewayA.mac), {
        command: 'SCAN',
      });
      await waitFor(async () => received.length > 0);
      await new Promise((r) => setTimeout(r, 200));
      expect(received).toEqual([deviceDown.command(customerA.tenant.id, gatewayA.mac)]);
    });
  }

  it("drops a gateway that publishes on another gateway's topic, and stores nothing", async () => {
    for (const url of deviceEndpoints()) {
      const client = track(await connectGatewayA(url));
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(
        deviceUp.telemetry(gatewayB.mac),
        JSON.stringify({ samples: [{ TI: Date.now(), CO2: 1 }] }),
        {
          qos: 1,
        },
      );
      await closed;
      expect(await portal.services.telemetry.countSamples(gatewayB.mac)).toBe(0);
    }
  });

  it("does not publish a will message aimed at another gateway's topic", async () => {
    await portal.services.gateways.recordStatus(
      { mac: gatewayB.mac, tenantId: customerB.tenant.id },
      { CS: 1 },
    );
    for (const url of deviceEndpoints()) {
      const client = await connectGatewayA(url, {
        will: {
          topic: deviceUp.status(gatewayB.mac),
          payload: Buffer.from('{"CS":0}'),
          qos: 1,
          retain: false,
        },
      });
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.stream.destroy(); // an ungraceful loss: the broker would publish the will
      await closed;
      client.end(true);
    }
    await new Promise((r) => setTimeout(r, 300));
    const [gateway] = await portal.services.gateways.listByTenant(customerB.tenant.id);
    expect(gateway!.connected).toBe(true);
  });

  async function browserCredential(email: string, password: string) {
    const cookie = await signIn(portal, email, password);
    const response = await portal.app.inject({ method: 'POST', url: '/api/mqtt-token', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as { username: string; token: string; clientId: string };
  }

  it("lets a browser see its own tenant's channels and nothing of another tenant", async () => {
    const credential = await browserCredential(customerA.email, customerA.password);
    expect(credential.clientId).toMatch(/^frontend-/);
    const browser = track(
      await connectMqtt(wsUrl(), {
        clientId: credential.clientId,
        username: credential.username,
        password: credential.token,
      }),
    );
    const codes = await subscribeCodes(browser, [
      live.gateways(customerA.tenant.id),
      live.gateways(customerB.tenant.id),
      'portal/+/gateways',
      '#',
      '$SYS/#',
      'gateways/+/send/#',
    ]);
    expect(codes).toEqual([1, 128, 128, 128, 128, 128]);

    const received: string[] = [];
    browser.on('message', (topic) => received.push(topic));
    portal.messaging.live.publish(live.gateways(customerB.tenant.id), { type: 'status', secret: 'B' });
    portal.messaging.live.publish(live.gateways(customerA.tenant.id), { type: 'status' });
    await waitFor(async () => received.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toEqual([live.gateways(customerA.tenant.id)]);
  });

  it('accepts a browser token once, only under the client id it was issued for', async () => {
    const credential = await browserCredential(customerA.email, customerA.password);
    await expect(
      connectMqtt(wsUrl(), {
        clientId: 'frontend-other',
        username: credential.username,
        password: credential.token,
      }),
    ).rejects.toThrow(/Bad username or password/);
    // The failed attempt used the token up: a token is good for one connection.
    await expect(
      connectMqtt(wsUrl(), {
        clientId: credential.clientId,
        username: credential.username,
        password: credential.token,
      }),
    ).rejects.toThrow(/Bad username or password/);
  });

  it('refuses a browser publishing on a device topic', async () => {
    const credential = await browserCredential(customerA.email, customerA.password);
    const browser = track(
      await connectMqtt(wsUrl(), {
        clientId: credential.clientId,
        username: credential.username,
        password: credential.token,
      }),
    );
    const closed = new Promise<void>((resolve) => browser.once('close', () => resolve()));
    browser.publish(deviceUp.status(gatewayA.mac), JSON.stringify({ CS: 1 }), { qos: 1 });
    await closed;
    const gateway = await waitFor(
      async () => (await portal.services.gateways.listByTenant(customerA.tenant.id))[0],
    );
    expect(gateway.connected).toBe(false);
  });
});
