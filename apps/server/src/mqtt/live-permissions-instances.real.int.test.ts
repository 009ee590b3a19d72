import { DEFAULT_PERMISSIONS, live } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  connectLive,
  createCustomerWithUser,
  endBrokerSessions,
  endClients,
  injectAs,
  REAL_MQTT,
  signIn,
  subscribeCodes,
  testEnvironment,
  uniqueEmail,
  waitFor,
} from '../../test/harness.ts';
import { buildApp, type Portal } from '../app.ts';
import { loadConfig } from '../config.ts';
import { addUser } from '../modules/auth/test-helpers.ts';

// Issue 12 point 3 across instances: a change of rights made on one instance ends the live rights a user holds
// on another at once. Two portal instances on one database and one external broker: the real backend only.

const MAC = 'A1B2C3D4E5F6';
const GRANTED = 1;
const clients: MqttClient[] = [];

describe('A change of rights made on one instance (two portal instances)', () => {
  it('closes at once the connection the user holds on the other instance', async () => {
    const { env, cleanup } = await testEnvironment();
    const common = { ...env, LIVE_SESSION_CHECK_SECONDS: '3600' };
    const silent = pino({ level: 'silent' });
    const instances: Portal[] = [];
    const listening = async (overrides: Record<string, string> = {}) => {
      const instance = await buildApp(loadConfig({ ...common, ...overrides }), silent);
      instances.push(instance);
      await instance.app.listen({ port: 0, host: '127.0.0.1' });
      const address = instance.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      return Object.assign(instance, { baseUrl: `http://127.0.0.1:${port}` });
    };
    const secondClientId = `${env.MQTT_CLIENT_ID}-b`;
    try {
      const first = await listening();
      const second = await listening({ MQTT_CLIENT_ID: secondClientId });
      const { tenant } = await createCustomerWithUser(first, 'Twice');
      const user = await addUser(first, tenant.id, {
        permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ'],
      });
      const email = uniqueEmail('twice');
      await first.database.db.updateTable('users').set({ email }).where('id', '=', user.id).execute();

      // The user's browser is on the second instance; it hears what the first publishes.
      const client = await connectLive(second, await signIn(second, email, user.password));
      clients.push(client);
      const received: string[] = [];
      client.on('message', (topic) => received.push(topic));
      expect(await subscribeCodes(client, [live.gateways(tenant.id)])).toEqual([GRANTED]);
      first.messaging.live.publish(live.gateways(tenant.id), { type: 'status', macId: MAC });
      await waitFor(
        async () => received.length > 0,
        5000,
        () => 'nothing relayed to the second instance',
      );

      // Root takes IOT_DEVICE_READ away through the first instance.
      const response = await injectAs(first, await signIn(first), 'PUT', '/api/updatePortalUser', {
        payload: {
          id: user.id,
          email,
          firstName: 'Test',
          lastName: 'User',
          scopeId: tenant.id,
          permissions: [...DEFAULT_PERMISSIONS],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      await waitFor(
        async () => !client.connected,
        3000,
        () => 'the connection on the other instance is still open',
      );
    } finally {
      await endClients(clients);
      for (const instance of instances) await instance.app.close();
      await endBrokerSessions(REAL_MQTT, secondClientId, Number(env.MQTT_CONSUMERS));
      await cleanup();
    }
  });
});
