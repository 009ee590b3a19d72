import { DEFAULT_PERMISSIONS } from '@portal/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  createCustomerWithUser,
  endBrokerSessions,
  injectAs,
  REAL_MQTT,
  signIn,
  type TestPortal,
  testEnvironment,
  waitFor,
} from '../../../test/harness.ts';
import { buildApp, type Portal } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { ledgerWhen, lockIdsOf, randomEmail, ScriptedGateway } from './test-helpers.ts';

// Two portal instances share one PostgreSQL and one external broker: the real backend only (.real.int.test.ts).
describe('lock access with two portal instances on one database', () => {
  it('never sends a gateway two lock commands at once', async () => {
    const { env, cleanup } = await testEnvironment();
    const silent = pino({ level: 'silent' });
    const instances: Portal[] = [];
    const listening = async (overrides: Record<string, string> = {}) => {
      const instance = await buildApp(loadConfig({ ...env, ...overrides }), silent);
      instances.push(instance);
      await instance.app.listen({ port: 0, host: '127.0.0.1' });
      return instance;
    };
    const secondClientId = `${env.MQTT_CLIENT_ID}-b`;
    let gateway: ScriptedGateway | undefined;
    try {
      const first = await listening();
      const second = await listening({ MQTT_CLIENT_ID: secondClientId });
      const alpha = await createCustomerWithUser(first, 'Twice', {
        permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'IOT_USER_READ', 'IOT_USER_WRITE'],
      });
      const cookies = [
        await signIn(first, alpha.email, alpha.password),
        await signIn(second, alpha.email, alpha.password),
      ];
      const asTest = first as unknown as TestPortal;
      gateway = await ScriptedGateway.provision(asTest, alpha.tenant.id, 6, REAL_MQTT);
      // Every command is answered a little later, so that both instances' workers look while one is out.
      const g = gateway;
      g.answer = (instruction) => {
        setTimeout(() => void g.reply(instruction, 'SUCCESS', ScriptedGateway.success(instruction)), 150);
        return null;
      };
      await g.connect();
      await g.reportLocks();
      const lockIds = await lockIdsOf(asTest, g);
      const userIds: string[] = [];
      // Two users, each given the six locks through a different instance: twelve commands for one gateway.
      for (const [n, portal] of [first, second].entries()) {
        const created = await injectAs(portal, cookies[n]!, 'POST', '/api/create-new-iot-lock-user', {
          payload: { firstName: 'Twin', lastName: `N${n}`, email: randomEmail(), scopeId: alpha.tenant.id },
        });
        expect(created.statusCode, created.body).toBe(201);
        userIds.push(created.json().user.id);
      }
      await Promise.all(
        [first, second].map((portal, n) =>
          injectAs(portal, cookies[n]!, 'POST', '/api/lock-user-access', {
            payload: { userId: userIds[n], lockIds, passcode: '1234' },
          }),
        ),
      );
      for (const userId of userIds) {
        await ledgerWhen(
          asTest,
          cookies[0]!,
          userId,
          (rows) => rows.length === 6 && rows.every((r) => r.state === 'confirmed'),
          60_000,
        );
      }
      expect(new Set(g.received.map((i) => i.uid)).size).toBe(12);
      expect(g.maxOutstanding).toBe(1);
      await waitFor(async () => {
        const slots = await first.database.db.selectFrom('lock_command_slots').selectAll().execute();
        return slots.length === 0;
      });
    } finally {
      await gateway?.close();
      for (const instance of instances) await instance.app.close();
      await endBrokerSessions(REAL_MQTT, secondClientId, Number(env.MQTT_CONSUMERS));
      await cleanup();
    }
  });
});
