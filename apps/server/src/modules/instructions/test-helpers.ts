import { DEFAULT_PERMISSIONS, type LiveInstruction, live } from '@portal/contract';
import { type Simulation, startSimulation } from '@portal/gateway-sim';
import type { MqttClient } from 'mqtt';
import {
  createCustomerWithUser,
  endClients,
  injectAs,
  randomMac,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
  waitForConnected,
  watchLive,
} from '../../../test/harness.ts';

export const INSTRUCTION_PERMISSIONS = [
  ...DEFAULT_PERMISSIONS,
  'IOT_DEVICE_READ',
  'IOT_DEVICE_WRITE',
  'GATEWAY_INSTRUCTIONS_READ',
  'GATEWAY_INSTRUCTIONS_WRITE',
];

export interface SimulatedGatewaySpec {
  answerInstructions?: boolean;
  camera?: boolean;
}

type Customer = Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };

export interface InstructionsFixture {
  portal: TestPortal;
  /** The customer owning the simulated gateways, and a customer of its own (for the tenant walls). */
  alpha: Customer;
  beta: Customer;
  macs: string[];
  simulation: Simulation;
  /** A live connection of alpha's user on the gateway's instruction channel. */
  watch(mac: string): Promise<LiveInstruction[]>;
  request(cookie: string, body: Record<string, unknown>): ReturnType<typeof injectAs>;
  close(): Promise<void>;
}

/**
 * A portal on this run's backend whose deadlines are scaled by `deadlineScale`, two customers with every
 * instruction permission, and simulated gateways of alpha's, connected and online in the portal.
 */
export async function startInstructionsFixture(
  gateways: SimulatedGatewaySpec[],
  deadlineScale = 1,
): Promise<InstructionsFixture> {
  // Users made by createCustomerWithUser have @test.local addresses: vendor staff here (device logs).
  const portal = await startPortal({
    INSTRUCTION_DEADLINE_SCALE: String(deadlineScale),
    STAFF_EMAIL_DOMAINS: 'test.local',
  });
  const clients: MqttClient[] = [];
  let simulation: Simulation | undefined;
  try {
    const customer = async (label: string): Promise<Customer> => {
      const created = await createCustomerWithUser(portal, label, { permissions: INSTRUCTION_PERMISSIONS });
      return { ...created, cookie: await signIn(portal, created.email, created.password) };
    };
    const alpha = await customer('Alpha');
    const beta = await customer('Beta');
    const credentials = [];
    for (const spec of gateways) {
      const mac = randomMac();
      const { password } = await portal.services.gateways.provision(alpha.tenant.id, mac, `Gateway ${mac}`, {
        registered: true,
      });
      credentials.push({ mac, password, scopeId: alpha.tenant.id, ...spec });
    }
    simulation = startSimulation({
      brokerUrl: portal.deviceBrokerUrl,
      gateways: credentials,
      telemetryIntervalMs: 60_000,
      logsStepMs: 50,
      seed: 7,
    });
    await simulation.whenConnected();
    const macs = credentials.map((c) => c.mac);
    await waitForConnected(portal, macs);
    const started = simulation;
    return {
      portal,
      alpha,
      beta,
      macs,
      simulation: started,
      async watch(mac) {
        const { client, messages } = await watchLive<LiveInstruction>(
          portal,
          alpha.cookie,
          live.instructions(alpha.tenant.id, mac),
        );
        clients.push(client);
        // Device logs are told on their own channel (vendor staff: alpha's test.local is a staff domain here).
        await client.subscribeAsync(live.deviceLogs(alpha.tenant.id, mac), { qos: 1 });
        return messages;
      },
      request: (cookie, body) => injectAs(portal, cookie, 'POST', '/api/instruction', { payload: body }),
      async close() {
        await endClients(clients);
        await started.stop();
        await portal.close();
      },
    };
  } catch (error) {
    await simulation?.stop();
    await portal.close();
    throw error;
  }
}

/** The instruction row as stored. */
export function storedInstruction(portal: TestPortal, uid: string) {
  return portal.database.db.selectFrom('instructions').selectAll().where('uid', '=', uid).executeTakeFirst();
}

/** Waits for a live message matching `match` and returns it. */
export function liveMessage(
  messages: LiveInstruction[],
  match: Partial<LiveInstruction>,
  timeoutMs = 10_000,
) {
  return waitFor(
    async () =>
      messages.find((m) =>
        Object.entries(match).every(([key, value]) => m[key as keyof LiveInstruction] === value),
      ),
    timeoutMs,
    () => JSON.stringify(messages),
  );
}
