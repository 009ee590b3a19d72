import { randomBytes } from 'node:crypto';
import {
  DEVICE_UPSTREAM_FILTER,
  deviceDown,
  deviceStateMessage,
  deviceStatusMessage,
  deviceUp,
  eventsMessage,
  instructionResponse,
  type LockInstructionType,
  lockEventsMessage,
  lockInstructionError,
  lockInstructionSuccess,
  lockReport,
  onboardingStatus,
  parseUpstreamTopic,
  scanReport,
  telemetryMessage,
} from '@portal/contract';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulation, startSimulation } from './simulation.ts';

const BROKER_URL = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

interface Upstream {
  mac: string;
  kind: string;
  body: unknown;
}

const SCHEMAS = {
  status: deviceStatusMessage,
  state: deviceStateMessage,
  telemetry: telemetryMessage,
  events: eventsMessage,
  scan: scanReport,
  locks: lockReport,
  'lock-events': lockEventsMessage,
  response: instructionResponse,
} as const;

describe(`gateway simulation against ${BROKER_URL}`, () => {
  const macs = Array.from({ length: 3 }, () => `B827EB${randomBytes(3).toString('hex').toUpperCase()}`);
  const scopeId = `scope-${randomBytes(4).toString('hex')}`;
  const onboardingStatuses: Array<{ mac: string; status: string; cycle?: number }> = [];
  const received: Upstream[] = [];
  let observer: MqttClient;
  let simulation: Simulation;

  const messagesOf = (mac: string, kind: string) => received.filter((m) => m.mac === mac && m.kind === kind);
  const statuses = (mac: string) => messagesOf(mac, 'status').map((m) => deviceStatusMessage.parse(m.body));
  const liveStates = (mac: string) =>
    messagesOf(mac, 'state').map((m) => deviceStateMessage.parse(m.body).state);
  const eventNames = (mac: string) =>
    messagesOf(mac, 'events').flatMap((m) => eventsMessage.parse(m.body).SE?.map((e) => e.nme) ?? []);
  const send = (topic: string, body: unknown) =>
    observer.publishAsync(topic, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });

  async function waitFor(description: string, found: () => boolean, timeoutMs = 8_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!found()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${description}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  beforeAll(async () => {
    observer = await connectAsync(BROKER_URL, {
      clientId: `gateway-sim-observer-${randomBytes(4).toString('hex')}`,
    });
    observer.on('message', (topic, payload) => {
      const onboardingMac = macs.find((mac) => topic === deviceUp.onboardingStatus(scopeId, mac));
      if (onboardingMac)
        onboardingStatuses.push({ mac: onboardingMac, ...JSON.parse(payload.toString('utf8')) });
      const parsed = parseUpstreamTopic(topic);
      if (!parsed || !macs.includes(parsed.mac)) return;
      const body = JSON.parse(payload.toString('utf8'));
      received.push({ mac: parsed.mac, kind: parsed.kind, body });
      // The portal's part: a numbered telemetry message is confirmed stored (docs/mqtt.md 2.3).
      if (parsed.kind === 'telemetry') void send(deviceDown.stored(parsed.mac), { stored: [body.seq] });
    });
    await observer.subscribeAsync([DEVICE_UPSTREAM_FILTER, deviceUp.onboardingStatus(scopeId, '+')], {
      qos: 1,
    });
    simulation = startSimulation({
      brokerUrl: BROKER_URL,
      gateways: macs.map((mac, index) => (index === 1 ? { mac, scopeId } : { mac })),
      telemetryIntervalMs: 200,
      stateIntervalMs: 1_000,
      scanDurationMs: 600,
      restartDelayMs: 300,
      seed: 1,
      // Busy locks (an opening every few seconds per gateway, night included), quick and reliable instructions.
      locks: {
        openingsPerHour: 1_800,
        commandMs: { min: 150, max: 300 },
        autoRelockMs: 500,
        unreachableRate: 0,
        rejectRate: 0,
        jamRate: 0,
        outOfRangePerHour: 0,
      },
    });
    await simulation.whenConnected();
  });

  afterAll(async () => {
    await simulation?.stop();
    await observer?.endAsync();
  });

  it('announces each gateway online, then its state, then telemetry', async () => {
    for (const mac of macs) {
      await waitFor(`telemetry of ${mac}`, () => messagesOf(mac, 'telemetry').length > 0);
      const ofMac = received.filter((m) => m.mac === mac);
      expect(ofMac[0]).toMatchObject({ kind: 'status', body: { CS: 1 } });
      expect(ofMac.findIndex((m) => m.kind === 'state')).toBeGreaterThan(0);
      const state = deviceStateMessage.parse(messagesOf(mac, 'state')[0]?.body);
      expect(state.state?.currentState).toBe('IdleState');
      expect(state.NW).toBeDefined();
    }
    expect(simulation.stats()).toMatchObject({ gateways: 3, connected: 3 });
  });

  it('reports its whole lock inventory after connecting, as it manages it', async () => {
    for (const gateway of simulation.gateways) {
      await waitFor(`full lock report of ${gateway.mac}`, () => messagesOf(gateway.mac, 'locks').length > 0);
      const report = lockReport.parse(messagesOf(gateway.mac, 'locks')[0]?.body);
      expect(report).toMatchObject({ kind: 'full', part: 1, parts: 1, total: gateway.locks().length });
      if (report.kind === 'full')
        expect(report.locks.map((l) => l.MAC)).toEqual(gateway.locks().map((l) => l.MAC));
      const kinds = received.filter((m) => m.mac === gateway.mac).map((m) => m.kind);
      expect(kinds.indexOf('locks')).toBeGreaterThan(kinds.indexOf('state'));
    }
  });

  it('sends the history of its locks: people opening them, and the relock', async () => {
    const busy = [...simulation.gateways].sort((a, b) => b.locks().length - a.locks().length)[0]!;
    const history = () =>
      messagesOf(busy.mac, 'lock-events').flatMap((m) => lockEventsMessage.parse(m.body).events);
    await waitFor(
      'an opening and a relock',
      () => {
        const events = history();
        return events.some((e) => e.kind === 'UNLOCKED') && events.some((e) => e.method === 'auto');
      },
      20_000,
    );
    const macs = new Set(busy.locks().map((l) => l.MAC));
    expect(history().every((e) => macs.has(e.MAC))).toBe(true);
    await waitFor('a lock update', () =>
      messagesOf(busy.mac, 'locks').some((m) => lockReport.parse(m.body).kind === 'update'),
    );
  });

  it('carries out lock instructions one at a time and answers each, typed', async () => {
    const gateway = simulation.gateways.find((g) => g.locks().length > 0)!;
    const lockMac = gateway.locks()[0]!.MAC;
    const answers = () =>
      messagesOf(gateway.mac, 'response')
        .map((m) => instructionResponse.parse(m.body))
        .filter((a) => a.uid.startsWith('lk'));
    await send(deviceDown.instruction(gateway.mac), {
      type: 'LOCK_DEVICE_LOCK_UNLOCK',
      uid: 'lk000001',
      value: { lockMac, locked: false },
    });
    await send(deviceDown.instruction(gateway.mac), {
      type: 'ADD_LOCKDEVICE_USER',
      uid: 'lk000002',
      value: { lockMac, userId: 'sim-user-1', role: 'USER', passcode: '90817263', cardCSN: 'ABCDEF0123' },
    });
    await send(deviceDown.instruction(gateway.mac), {
      type: 'LOCK_DEVICE_MODE',
      uid: 'lk000003',
      value: { lockMac: 'A4C138FFFFFF', mode: 'shared' },
    });
    await waitFor('three answers', () => answers().length >= 3);
    expect(answers().map((a) => [a.uid, a.status])).toEqual([
      ['lk000001', 'SUCCESS'],
      ['lk000002', 'SUCCESS'],
      ['lk000003', 'ERROR'],
    ]);
    expect(answers()[0]?.value).toMatchObject({ lockMac, status: 'UNLOCKED' });
    expect(answers()[2]?.value).toMatchObject({ reason: 'LOCK_UNKNOWN' });
    for (const answer of answers()) {
      const type = answer.type as LockInstructionType;
      const schema = answer.status === 'SUCCESS' ? lockInstructionSuccess[type] : lockInstructionError;
      expect(schema.safeParse(answer.value).success, JSON.stringify(answer)).toBe(true);
    }
    const remote = () =>
      messagesOf(gateway.mac, 'lock-events')
        .flatMap((m) => lockEventsMessage.parse(m.body).events)
        .filter((e) => e.MAC === lockMac && e.method === 'remote');
    await waitFor('the remote opening in the history', () => remote().some((e) => e.kind === 'UNLOCKED'));
    expect(gateway.locks().find((l) => l.MAC === lockMac)?.status).toBe('UNLOCKED');
    expect(gateway.lockQueueDepth()).toBe(0);
  });

  it('answers SCAN sent under any tenant with ScanningState and a Scan started event', async () => {
    const [mac] = macs as [string];
    await send(deviceDown.command('some-tenant', mac), { command: 'SCAN' });
    await waitFor('ScanningState', () =>
      liveStates(mac).some((state) => state?.currentState === 'ScanningState'),
    );
    await waitFor('Scan started event', () => eventNames(mac).includes('Scan started'));
    expect(simulation.gateways.find((g) => g.mac === mac)?.liveState().currentState).toBe('ScanningState');
  });

  it('reports the locks a scan heard, each with its name, MAC and RSSI', async () => {
    const [mac] = macs as [string];
    await waitFor('scan report', () => messagesOf(mac, 'scan').length > 0);
    const report = scanReport.parse(messagesOf(mac, 'scan')[0]?.body);
    for (const lock of report.locks) expect(lock.name).toBe(`Lock-${lock.MAC.slice(-4)}`);
  });

  it('ignores a malformed command and keeps answering', async () => {
    const [, mac] = macs as [string, string];
    const before = simulation.stats().malformedMessages;
    await send(deviceDown.command('t', mac), 'not json');
    await send(deviceDown.command('t', mac), { command: 'POLLING-INTERVAL' });
    await send(deviceDown.command('t', mac), { command: 'RSSI-VALUE', rssiValue: -70 });
    await waitFor('rssiValue -70', () => liveStates(mac).some((state) => state?.rssiValue === -70));
    expect(simulation.stats().malformedMessages - before).toBe(2);
    expect(simulation.gateways.find((g) => g.mac === mac)?.isConnected()).toBe(true);
  });

  it('applies a whitelist of every lock', async () => {
    const [, mac] = macs as [string, string];
    await send(deviceDown.whitelist(mac), { noOfWhiteListedDevices: -1, listOfWhiteListedLocks: ['*'] });
    await waitFor('whitelistedLocksCount *', () =>
      liveStates(mac).some((state) => state?.whitelistedLocksCount === '*'),
    );
  });

  it('runs an onboarding scan for its scope and reports every cycle', async () => {
    const [, mac] = macs as [string, string];
    await send(deviceDown.onboardingCommand(scopeId, mac), { command: 'SCAN', totalScanCycles: 2 });
    await waitFor('onboarding completed', () =>
      onboardingStatuses.some((s) => s.mac === mac && s.status === 'COMPLETED'),
    );
    const completed = onboardingStatuses.find((s) => s.mac === mac && s.status === 'COMPLETED');
    expect(
      onboardingStatus.parse(completed).scannedLocks?.every((lock) => lock.name?.startsWith('Lock-')),
    ).toBe(true);
    expect(onboardingStatuses.filter((s) => s.mac === mac).map((s) => [s.status, s.cycle])).toEqual([
      ['SCANNING', 1],
      ['COMPLETED', 2],
    ]);
  });

  it('answers a diagnostics instruction on its response topic, keyed by the request', async () => {
    const [mac] = macs as [string];
    await send(deviceDown.instruction(mac), { type: 'DIAGNOSTICS', uid: 'ab12cd34' });
    const answer = () =>
      messagesOf(mac, 'response').find((m) => (m.body as { uid: string }).uid === 'ab12cd34');
    await waitFor('diagnostics response', () => answer() !== undefined);
    expect(answer()?.body).toMatchObject({ uid: 'ab12cd34', status: 'SUCCESS' });
  });

  it('on RESET answers the interrupted instruction, reports the reboot, goes offline cleanly and comes back', async () => {
    const [mac] = macs as [string];
    const onlineBefore = statuses(mac).filter((status) => status.CS === 1).length;
    await send(deviceDown.instruction(mac), { type: 'HOTSPOT', uid: 'hs000001', value: 1 });
    await waitFor('hotspot switch in progress', () =>
      messagesOf(mac, 'state').some((m) => deviceStateMessage.parse(m.body).HSIPRC === 1),
    );
    await send(deviceDown.command('t', mac), { command: 'RESET' });
    await waitFor('interrupted answer', () =>
      messagesOf(mac, 'response').some((m) => JSON.stringify(m.body).includes('GATEWAY_REBOOTED')),
    );
    await waitFor('reboot event', () => eventNames(mac).includes('Gateway reboot'));
    await waitFor(
      'online again',
      () => statuses(mac).filter((status) => status.CS === 1).length > onlineBefore,
    );
    expect(statuses(mac).some((status) => status.CS === 0 && status.TI !== undefined)).toBe(true);
  });

  it('when the connection drops, the broker sends the will and the backlog follows the return', async () => {
    const [, , mac] = macs as [string, string, string];
    simulation.gateways.find((g) => g.mac === mac)?.simulateOutage(1_000);
    await waitFor('will message', () =>
      statuses(mac).some((status) => status.CS === 0 && status.TI === undefined),
    );
    await waitFor('online again', () => statuses(mac).filter((status) => status.CS === 1).length === 2);
    await waitFor('backlog', () =>
      messagesOf(mac, 'telemetry').some((m) => telemetryMessage.parse(m.body).samples.length > 1),
    );
    // Oldest first; a message unconfirmed when the connection dropped is sent again (first sightings in order).
    const times = [
      ...new Set(
        messagesOf(mac, 'telemetry').flatMap((m) => telemetryMessage.parse(m.body).samples.map((s) => s.TI)),
      ),
    ];
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('says goodbye with CS 0 on stop', async () => {
    const goodbyesBefore = new Map(macs.map((mac) => [mac, statuses(mac).filter((s) => s.CS === 0).length]));
    await simulation.stop();
    for (const mac of macs) {
      await waitFor(
        `CS 0 of ${mac}`,
        () => statuses(mac).filter((s) => s.CS === 0).length > (goodbyesBefore.get(mac) ?? 0),
      );
      expect(statuses(mac).at(-1)).toMatchObject({ CS: 0, TI: expect.any(Number) });
    }
    expect(simulation.stats().connected).toBe(0);
  });

  it('numbers every telemetry message, and none is left unconfirmed once the portal confirmed them', () => {
    const telemetry = received.filter((m) => m.kind === 'telemetry');
    expect(telemetry.length).toBeGreaterThan(0);
    for (const message of telemetry)
      expect(telemetryMessage.parse(message.body).seq).toEqual(expect.any(Number));
    expect(simulation.stats().confirmedSamples).toBeGreaterThan(0);
  });

  it('sent only payloads the contract accepts, all along', () => {
    expect(received.length).toBeGreaterThan(0);
    for (const message of received) {
      const schema = SCHEMAS[message.kind as keyof typeof SCHEMAS];
      expect(schema, `unexpected kind ${message.kind}`).toBeDefined();
      expect(schema.safeParse(message.body).success, JSON.stringify(message)).toBe(true);
    }
  });
});
