import { type DeviceMovedMessage, deviceUp, gatewayRegistryMessages as messages } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectLive,
  connectMqtt,
  createCustomerWithUser,
  endClients,
  injectAs,
  randomMac,
  waitFor,
} from '../../../test/harness.ts';
import {
  gatewayRow,
  markDeletePending,
  provisioned,
  registryCalls,
  sharedRegistryPortal,
  tenantOfKind,
} from './test-helpers.ts';

type World = Awaited<ReturnType<typeof sharedRegistryPortal>>;
type LiveMessage = { topic: string; body: Record<string, unknown> };

describe(`moving gateways between customers (${backend} backend)`, () => {
  let world: World;
  const calls = registryCalls(() => world.portal);
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    world = await sharedRegistryPortal();
  });
  afterEach(async () => {
    await endClients(clients);
  });

  /** Root's live connection on every customer's gateways channel, collecting each message with its topic. */
  async function watchAllGatewayChannels(): Promise<LiveMessage[]> {
    const client = await connectLive(world.portal, world.root);
    clients.push(client);
    const received: LiveMessage[] = [];
    client.on('message', (topic, payload) => received.push({ topic, body: JSON.parse(payload.toString()) }));
    await client.subscribeAsync('portal/+/gateways', { qos: 1 });
    return received;
  }

  describe('POST /api/gateway/{id}/assign-scope/{scopeId} (Change Customer)', () => {
    it('moves an unregistered gateway and tells both customers and their ancestors', async () => {
      const received = await watchAllGatewayChannels();
      const gateway = await provisioned(world.portal, world.alphaSub.tenant.id, { registered: false });
      const response = await calls.assignScope(world.root, gateway.id, world.beta.tenant.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'The device details have been successfully moved',
        macId: gateway.mac,
        scopeId: world.beta.tenant.id,
      });
      expect((await gatewayRow(world.portal, gateway.mac))!.tenant_id).toBe(world.beta.tenant.id);
      const expected: DeviceMovedMessage = {
        type: 'deviceMoved',
        id: gateway.id,
        macId: gateway.mac,
        fromScopeId: world.alphaSub.tenant.id,
        toScopeId: world.beta.tenant.id,
      };
      const rootId = (await tenantOfKind(world.portal, 'root')).id;
      const scopes = [world.alphaSub.tenant.id, world.alpha.tenant.id, world.beta.tenant.id, rootId];
      const moved = await waitFor(async () => {
        const found = received.filter((m) => m.body.type === 'deviceMoved' && m.body.macId === gateway.mac);
        return found.length >= scopes.length && found;
      });
      expect(moved.map((m) => m.topic).sort()).toEqual(scopes.map((id) => `portal/${id}/gateways`).sort());
      for (const message of moved) expect(message.body).toEqual(expected);
    });

    it('refuses a registered gateway', async () => {
      const gateway = await provisioned(world.portal, world.alpha.tenant.id);
      const response = await calls.assignScope(world.alpha.cookie, gateway.id, world.alphaSub.tenant.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(messages.onlyUnregistered);
      expect((await gatewayRow(world.portal, gateway.mac))!.tenant_id).toBe(world.alpha.tenant.id);
    });
  });

  describe('POST /api/migrateGateway', () => {
    it('moves a registered gateway, found by its id or its MAC', async () => {
      const gateway = await provisioned(world.portal, world.alpha.tenant.id);
      const byId = await calls.migrate(world.alpha.cookie, gateway.id, world.alphaSub.tenant.id);
      expect(byId.statusCode).toBe(200);
      expect(byId.json().message).toBe(`Successfully migrated ${gateway.mac} device`);
      const byMac = await calls.migrate(world.alpha.cookie, gateway.mac, world.alpha.tenant.id);
      expect(byMac.json().message).toBe(`Successfully migrated ${gateway.mac} device`);
      expect((await gatewayRow(world.portal, gateway.mac))!.tenant_id).toBe(world.alpha.tenant.id);
      // Both moves are in the gateway's activity feed, with who made them.
      const feed = await injectAs(world.portal, world.root, 'GET', '/api/gateway-activity-logs/logs', {
        query: { macId: gateway.mac, fromTime: Date.now() - 60_000, toTime: Date.now() + 1000 },
      });
      const moves = (feed.json() as { deviceScopeChange?: unknown; scanMadeBy?: string }[]).filter(
        (entry) => entry.deviceScopeChange,
      );
      expect(moves.map((entry) => entry.deviceScopeChange)).toEqual(
        expect.arrayContaining([
          { from: world.alpha.tenant.id, to: world.alphaSub.tenant.id },
          { from: world.alphaSub.tenant.id, to: world.alpha.tenant.id },
        ]),
      );
    });

    it('refuses the customer it already belongs to', async () => {
      const gateway = await provisioned(world.portal, world.alpha.tenant.id);
      const response = await calls.migrate(world.alpha.cookie, gateway.id, world.alpha.tenant.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(messages.sameCustomer);
    });

    it('drops the gateway connection, so it comes back as a gateway of its new customer', async () => {
      const gateway = await provisioned(world.portal, world.alpha.tenant.id);
      const connect = () =>
        connectMqtt(world.portal.deviceBrokerUrl, {
          clientId: gateway.mac,
          username: gateway.mac,
          password: gateway.password,
        });
      let device = await connect();
      clients.push(device);
      const received = await watchAllGatewayChannels();
      await calls.migrate(world.root, gateway.id, world.beta.tenant.id);
      if (backend === 'embedded') {
        // The embedded broker closes the connection; the gateway reconnects under its new tenant.
        await waitFor(async () => !device.connected);
        device = await connect();
        clients.push(device);
      }
      // An external broker keeps the connection; the portal attributes its traffic to the new customer.
      await device.publishAsync(deviceUp.status(gateway.mac), JSON.stringify({ CS: 1, TI: Date.now() }), {
        qos: 1,
      });
      const status = await waitFor(async () =>
        received.find((m) => m.body.type === 'status' && m.body.macId === gateway.mac && m.body.CS === 1),
      );
      expect(status.topic).toBe(`portal/${world.beta.tenant.id}/gateways`);
    });
  });

  describe('customers a gateway may not move to', () => {
    it('refuses the free-tier and support tenants', async () => {
      const gateway = await provisioned(world.portal, world.alpha.tenant.id, { registered: false });
      for (const kind of ['free_tier', 'support'] as const) {
        const target = await tenantOfKind(world.portal, kind);
        for (const response of [
          await calls.migrate(world.root, gateway.id, target.id),
          await calls.assignScope(world.root, gateway.id, target.id),
          await calls.update(world.root, gateway.mac, { SID: target.id }),
        ]) {
          expect(response.statusCode).toBe(409);
          expect(response.json().message).toBe(messages.notATarget);
        }
      }
      expect((await gatewayRow(world.portal, gateway.mac))!.tenant_id).toBe(world.alpha.tenant.id);
    });

    it('refuses a customer being deleted, and provisioning into it', async () => {
      const doomed = await createCustomerWithUser(world.portal, 'Doomed');
      await markDeletePending(world.portal, doomed.tenant.id);
      const gateway = await provisioned(world.portal, world.alpha.tenant.id, { registered: false });
      for (const response of [
        await calls.migrate(world.root, gateway.id, doomed.tenant.id),
        await calls.assignScope(world.root, gateway.id, doomed.tenant.id),
        await calls.update(world.root, gateway.mac, { SID: doomed.tenant.id }),
        await calls.register(world.root, {
          MAC: randomMac(),
          NAME: 'New',
          SID: doomed.tenant.id,
          CRTD: Date.UTC(2023, 0, 1),
        }),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('customer is being deleted');
      }
      expect((await gatewayRow(world.portal, gateway.mac))!.tenant_id).toBe(world.alpha.tenant.id);
      await expect(
        world.portal.services.gateways.provision(doomed.tenant.id, randomMac(), 'Late'),
      ).rejects.toThrow('customer is being deleted');
    });
  });

  describe('tenant walls and permissions', () => {
    it("gives a user of another tenant 404 for this tenant's gateways and customers, and changes nothing", async () => {
      const alphaGateway = await provisioned(world.portal, world.alpha.tenant.id, { registered: false });
      const betaGateway = await provisioned(world.portal, world.beta.tenant.id, { registered: false });
      const beta = world.beta.cookie;
      for (const response of [
        await calls.assignScope(beta, alphaGateway.id, world.beta.tenant.id),
        await calls.migrate(beta, alphaGateway.id, world.beta.tenant.id),
        await calls.migrate(beta, alphaGateway.mac, world.beta.tenant.id),
        await calls.assignScope(beta, betaGateway.id, world.alpha.tenant.id),
        await calls.migrate(beta, betaGateway.id, world.alphaSub.tenant.id),
      ]) {
        expect(response.statusCode).toBe(404);
      }
      expect((await gatewayRow(world.portal, alphaGateway.mac))!.tenant_id).toBe(world.alpha.tenant.id);
      expect((await gatewayRow(world.portal, betaGateway.mac))!.tenant_id).toBe(world.beta.tenant.id);
    });

    it('answers 403 without IOT_DEVICE_WRITE (assign) or IOT_DEVICE_SCOPE_MIGRATE (migrate)', async () => {
      const gateway = await provisioned(world.portal, world.reader.tenant.id, { registered: false });
      expect(
        (await calls.assignScope(world.reader.cookie, gateway.id, world.alpha.tenant.id)).statusCode,
      ).toBe(403);
      expect((await calls.migrate(world.reader.cookie, gateway.id, world.alpha.tenant.id)).statusCode).toBe(
        403,
      );
      expect((await gatewayRow(world.portal, gateway.mac))!.tenant_id).toBe(world.reader.tenant.id);
    });
  });
});
