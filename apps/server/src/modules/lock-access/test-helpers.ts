import { randomBytes } from 'node:crypto';
import {
  DEFAULT_PERMISSIONS,
  deviceDown,
  deviceUp,
  type LockAccessEntry,
  type LockAccessLedger,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';
import {
  connectMqtt,
  createCustomerWithUser,
  endClients,
  injectAs,
  randomMac,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';

export interface ReceivedInstruction {
  type: string;
  uid: string;
  value: Record<string, unknown> & { lockMac?: string; userId?: string; lockMacs?: string[] };
  at: number;
}

type Answer = { status: 'SUCCESS' | 'ERROR'; value: unknown } | null;

/**
 * A gateway scripted by the test: it reports its locks, records every instruction it receives (and how many
 * are outstanding at once), and answers as `answer` says (null: not now; `reply` answers later).
 */
export class ScriptedGateway {
  readonly locks: string[];
  readonly received: ReceivedInstruction[] = [];
  /** Received and not answered, most at once. */
  maxOutstanding = 0;
  private readonly outstanding = new Set<string>();
  private client: MqttClient | null = null;
  answer: (instruction: ReceivedInstruction) => Answer = () => null;

  constructor(
    private readonly url: string,
    readonly mac: string,
    private readonly password: string,
    lockCount: number,
  ) {
    this.locks = Array.from({ length: lockCount }, () => randomMac());
  }

  static async provision(
    portal: TestPortal,
    tenantId: string,
    lockCount: number,
    url = portal.deviceBrokerUrl,
  ) {
    const mac = randomMac();
    const { password } = await portal.services.gateways.provision(tenantId, mac, `Gateway ${mac}`, {
      registered: true,
    });
    return new ScriptedGateway(url, mac, password, lockCount);
  }

  async connect(): Promise<void> {
    const client = await connectMqtt(this.url, {
      clientId: this.mac,
      username: this.mac,
      password: this.password,
      will: { topic: deviceUp.status(this.mac), payload: Buffer.from('{"CS":0}'), qos: 1, retain: false },
    });
    this.client = client;
    client.on('message', (_topic, payload) => {
      const message = JSON.parse(payload.toString()) as Omit<ReceivedInstruction, 'at'>;
      const instruction = { ...message, at: Date.now() };
      this.received.push(instruction);
      if (!this.outstanding.has(instruction.uid)) {
        this.outstanding.add(instruction.uid);
        this.maxOutstanding = Math.max(this.maxOutstanding, this.outstanding.size);
      }
      const answer = this.answer(instruction);
      // An answer still in flight when the test drops the connection is lost, as a real gateway's would be
      // (mqtt rejects its publish with 'Connection closed': unhandled, it failed a whole run once).
      if (answer) this.reply(instruction, answer.status, answer.value).catch(() => {});
    });
    await client.subscribeAsync(deviceDown.instruction(this.mac), { qos: 1 });
    await this.publish(deviceUp.status(this.mac), { CS: 1, TI: Date.now() });
  }

  /** A full inventory; `users` (per lock MAC) says which users each lock holds (2.6 `users`). */
  async reportLocks(users?: Record<string, string[]>, TI = Date.now()): Promise<void> {
    await this.publish(deviceUp.locks(this.mac), {
      kind: 'full',
      TI,
      part: 1,
      parts: 1,
      total: this.locks.length,
      locks: this.locks.map((MAC, i) => ({
        MAC,
        name: `Door-${i + 1}-${MAC.slice(-4)}`,
        type: 'BLE-1',
        ...(users ? { users: users[MAC] ?? [] } : {}),
      })),
    });
  }

  /** History entries of its locks (2.7 lock-events). */
  async reportEvents(events: Record<string, unknown>[]): Promise<void> {
    await this.publish(deviceUp.lockEvents(this.mac), { events });
  }

  async reply(instruction: { uid: string; type: string }, status: 'SUCCESS' | 'ERROR', value: unknown) {
    this.outstanding.delete(instruction.uid);
    await this.publish(deviceUp.response(this.mac, 'instruction', instruction.uid), {
      uid: instruction.uid,
      type: instruction.type,
      status,
      TI: Date.now(),
      value,
    });
  }

  /** The lock's SUCCESS value for an instruction (what a real gateway answers). */
  static success(instruction: ReceivedInstruction): unknown {
    const { value } = instruction;
    if (instruction.type === 'REMOVE_IOT_USER') return { userId: value.userId, removed: value.lockMacs };
    if (instruction.type === 'ADD_LOCKDEVICE_USER')
      return { lockMac: value.lockMac, userId: value.userId, passcodeSlot: 1 };
    return { lockMac: value.lockMac, userId: value.userId };
  }

  /** Tells the portal it goes (CS 0, as its will would) and drops the connection; the outstanding are lost. */
  async goOffline(): Promise<void> {
    await this.publish(deviceUp.status(this.mac), { CS: 0, TI: Date.now() });
    await this.client?.endAsync(true);
    this.client = null;
    this.outstanding.clear();
  }

  async close(): Promise<void> {
    await this.client?.endAsync(true);
    this.client = null;
  }

  private async publish(topic: string, body: unknown): Promise<void> {
    await this.client!.publishAsync(topic, JSON.stringify(body), { qos: 1 });
  }
}

/** The ids of the gateway's locks in the portal (once its report is stored). */
export async function lockIdsOf(portal: TestPortal, gateway: ScriptedGateway): Promise<string[]> {
  return waitFor(async () => {
    const rows = await portal.database.db
      .selectFrom('locks')
      .select(['id', 'mac'])
      .where('gateway_mac', '=', gateway.mac)
      .execute();
    if (rows.length < gateway.locks.length) return null;
    return gateway.locks.map((mac) => rows.find((r) => r.mac === mac)!.id);
  });
}

export async function userLedger(
  portal: TestPortal,
  cookie: string,
  userId: string,
): Promise<LockAccessLedger> {
  const response = await injectAs(portal, cookie, 'GET', `/api/lock-user-access/userId/${userId}`);
  if (response.statusCode !== 200) throw new Error(`ledger: ${response.statusCode} ${response.body}`);
  return response.json<LockAccessLedger>();
}

/** Waits until every row of the user's ledger passes `check`; answers them. */
export function ledgerWhen(
  portal: TestPortal,
  cookie: string,
  userId: string,
  check: (rows: LockAccessEntry[]) => boolean,
  timeoutMs = 15_000,
): Promise<LockAccessEntry[]> {
  let last: LockAccessEntry[] = [];
  return waitFor(
    async () => {
      last = (await userLedger(portal, cookie, userId)).access;
      return check(last) ? last : null;
    },
    timeoutMs,
    () => JSON.stringify(last, null, 1),
  );
}

export const randomEmail = () => `holder-${randomBytes(3).toString('hex')}@example.com`;
export const randomCard = () => randomBytes(5).toString('hex').toUpperCase();

const LEDGER_PERMISSIONS = [
  ...DEFAULT_PERMISSIONS,
  'IOT_DEVICE_READ',
  'IOT_DEVICE_WRITE',
  'IOT_USER_READ',
  'IOT_USER_WRITE',
  'GATEWAY_INSTRUCTIONS_READ',
  'GATEWAY_INSTRUCTIONS_WRITE',
];
/** Small figures so the ledger's timing shows within a test (docs/operations.md gives the defaults). */
const LEDGER_SETTINGS = {
  LOCK_ACCESS_RETRY_BASE_SECONDS: '0.4',
  LOCK_ACCESS_RETRY_MAX_SECONDS: '1',
  LOCK_ACCESS_MAX_ATTEMPTS: '4',
  LOCK_REVOKE_DEADLINE_MINUTES: '0.03',
};

export type LedgerCustomer = Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };

/**
 * The delivery ledger's bench (lock-access.int.test.ts, lock-access-control.int.test.ts): a portal with small
 * ledger figures, two signed-in customers (alpha, beta), and the scripted gateways and live clients the tests
 * open (the clients ended after each test, the gateways at the end).
 */
export class LedgerBench {
  readonly gateways: ScriptedGateway[] = [];
  readonly clients: MqttClient[] = [];

  private constructor(
    readonly portal: TestPortal,
    readonly alpha: LedgerCustomer,
    readonly beta: LedgerCustomer,
  ) {}

  static async start(): Promise<LedgerBench> {
    const portal = await startPortal(LEDGER_SETTINGS);
    try {
      const alpha = await LedgerBench.customer(portal, 'Alpha');
      const beta = await LedgerBench.customer(portal, 'Beta');
      return new LedgerBench(portal, alpha, beta);
    } catch (error) {
      await portal.close();
      throw error;
    }
  }

  private static async customer(portal: TestPortal, label: string): Promise<LedgerCustomer> {
    const created = await createCustomerWithUser(portal, label, { permissions: LEDGER_PERMISSIONS });
    return { ...created, cookie: await signIn(portal, created.email, created.password) };
  }

  /** A lock user of the customer (alpha by default); answers its id. */
  async lockUser(who: LedgerCustomer = this.alpha, extra: Record<string, unknown> = {}): Promise<string> {
    const response = await injectAs(this.portal, who.cookie, 'POST', '/api/create-new-iot-lock-user', {
      payload: { firstName: 'Ada', lastName: 'Lock', email: randomEmail(), scopeId: who.tenant.id, ...extra },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ user: { id: string } }>().user.id;
  }

  /** A connected scripted gateway of the customer that reported `lockCount` locks, and their ids. */
  async gateway(lockCount: number, who: LedgerCustomer = this.alpha) {
    const g = await ScriptedGateway.provision(this.portal, who.tenant.id, lockCount);
    this.gateways.push(g);
    await g.connect();
    await g.reportLocks();
    return { g, lockIds: await lockIdsOf(this.portal, g) };
  }

  /** POST /api/lock-user-access with a passcode (and `extra`), as the customer (alpha by default). */
  grant(userId: string, lockIds: string[], extra: Record<string, unknown> = {}, who = this.alpha) {
    return injectAs(this.portal, who.cookie, 'POST', '/api/lock-user-access', {
      payload: { userId, lockIds, passcode: '482913', ...extra },
    });
  }

  async endClients(): Promise<void> {
    await endClients(this.clients);
  }

  async close(): Promise<void> {
    for (const g of this.gateways) await g.close();
    await this.portal.close();
  }
}
