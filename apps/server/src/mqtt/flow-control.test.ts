import { FLOW_CONTROL_TOPIC, type FlowControlMessage } from '@portal/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { FlowControl, flowProbeTopic } from './flow-control.ts';

type Published = FlowControlMessage & { instance: string };

/**
 * A broker of one retained flow-control message, and portal instances deciding on a shared clock. Each probe
 * period the test says what each instance's lag is and how many messages the cluster stored a second.
 */
function cluster(instances: string[]) {
  const clock = { now: 0 };
  const published: Published[] = [];
  const probes = new Map<string, { topic: string; payload: string }[]>();
  const members = new Map<string, FlowControl>();
  for (const id of instances) {
    probes.set(id, []);
    members.set(
      id,
      new FlowControl({
        instanceId: id,
        connections: [`${id}-0`, `${id}-1`],
        publish: async (topic, payload) => {
          if (topic.startsWith(flowProbeTopic(id))) probes.get(id)?.push({ topic, payload });
          if (topic !== FLOW_CONTROL_TOPIC) return;
          published.push(JSON.parse(payload) as Published);
          // Every instance (its own subscription) receives it.
          for (const member of members.values()) member.onFlowMessage(Buffer.from(payload));
        },
        share: () => 1 / instances.length,
        highMs: 5_000,
        lowMs: 1_000,
        probeEveryMs: 2_000,
        validForSeconds: 30,
        logger: pino({ level: 'silent' }),
        now: () => clock.now,
      }),
    );
  }
  const gateways = Array.from({ length: 10 }, (_, i) => `AA00000000${String(i).padStart(2, '0')}`);

  /**
   * One probe period (2 s): the cluster stores `storedPerSecond` messages a second from the 10 gateways (each
   * instance its share), then each instance named in `lags` measures that lag and decides.
   */
  async function period(storedPerSecond: number, lags: Record<string, number>) {
    clock.now += 2_000;
    const perInstance = (storedPerSecond * 2) / instances.length;
    for (const member of members.values())
      for (let i = 0; i < perInstance; i++) member.noteStored(gateways[i % gateways.length] as string);
    for (const [id, lag] of Object.entries(lags)) {
      const member = members.get(id) as FlowControl;
      // Its own probes come back on their connections' topics, having waited `lag`.
      for (const { topic, payload } of probes.get(id)?.splice(0) ?? [])
        member.onProbe(topic, Buffer.from(JSON.stringify({ ...JSON.parse(payload), t: clock.now - lag })));
      await member.tick();
    }
  }
  const last = () => published[published.length - 1];
  /** The probe periods a lag must stay low before the rate is raised or lifted, at one stored rate. */
  async function calm(storedPerSecond: number, lags: Record<string, number>) {
    for (let i = 0; i < 3; i++) await period(storedPerSecond, lags);
  }
  return { members, published, period, calm, last };
}

describe('flow control: when the slow-down is lifted', () => {
  it('stays slow while the lag is low but the fleet sends all it is allowed, raising the rate x1.25 every 3 periods', async () => {
    const { period, calm, last, published } = cluster(['a']);
    // 100 messages a second stored, the queue 8 s long: slowed to 80 % of that over 10 gateways.
    await period(100, { a: 8_000 });
    await period(100, { a: 8_000 });
    expect(last()).toMatchObject({ state: 'slow', maxMessagesPerSecond: 8, instance: 'a' });
    // The backlog is drained (lag 200 ms), but the gateways send every message they may: more wait at them.
    const rates: (number | null)[] = [];
    let stored = 80;
    for (let i = 0; i < 4; i++) {
      await calm(stored, { a: 200 });
      rates.push(last()?.maxMessagesPerSecond ?? null);
      stored = (last()?.maxMessagesPerSecond ?? 0) * 10; // they use the new rate whole
    }
    expect(rates).toEqual([10, 12.5, 15.63, 19.54]);
    expect(published.every((m) => m.state === 'slow')).toBe(true);
  });

  it('neither raises nor lifts on one low probe, or on one dip of the stored rate', async () => {
    const { period, last, published } = cluster(['a']);
    await period(100, { a: 8_000 });
    await period(100, { a: 8_000 });
    // A lag under the low threshold for two periods, then back between the thresholds: still slow, not raised.
    await period(80, { a: 200 });
    await period(80, { a: 200 });
    expect(last()).toMatchObject({ state: 'slow', maxMessagesPerSecond: 8 });
    await period(80, { a: 2_000 });
    expect(last()).toMatchObject({ state: 'slow' });
    // Low again for three periods, one of which stored little (a slow commit): over the three the fleet still
    // sent about its whole allowance, so the rate is raised, not lifted.
    await period(80, { a: 200 });
    await period(40, { a: 200 });
    await period(100, { a: 200 });
    expect(last()).toMatchObject({ state: 'slow' });
    expect(published.some((m) => m.state === 'normal')).toBe(false);
  });

  it('lifts once the lag stayed low and the fleet sent less than it was allowed (it kept up)', async () => {
    const { period, calm, last, published } = cluster(['a']);
    await period(100, { a: 8_000 });
    await period(100, { a: 8_000 });
    expect(last()).toMatchObject({ state: 'slow', maxMessagesPerSecond: 8 });
    // Low lag, the fleet still at its whole allowance (80/s of 80/s): raised, not lifted.
    await calm(80, { a: 200 });
    expect(last()).toMatchObject({ state: 'slow', maxMessagesPerSecond: 10 });
    // Under the raised rate (100/s allowed) the fleet sends 50/s: nothing waits at the gateways any more.
    await calm(50, { a: 200 });
    expect(last()).toMatchObject({ state: 'normal', maxMessagesPerSecond: null, instance: 'a' });
    expect(published.filter((m) => m.state === 'normal')).toHaveLength(1);
  });

  it('keeps a raised rate the portal cannot store from lapsing: the lag back between the thresholds brings it down', async () => {
    const { period, calm, last } = cluster(['a']);
    await period(100, { a: 8_000 });
    await period(100, { a: 8_000 });
    await calm(80, { a: 200 });
    expect(last()).toMatchObject({ state: 'slow', maxMessagesPerSecond: 10 });
    // The raise was too much: the queue grows again (2 s), and the rate is back to 80 % of what the cluster
    // stored over the window.
    await period(100, { a: 2_000 });
    expect(last()).toMatchObject({ state: 'slow' });
    expect(last()?.maxMessagesPerSecond).toBeLessThan(10);
  });

  it('with several instances the higher lag still wins, and only the one whose slow-down stands lifts it', async () => {
    const { period, calm, last, members } = cluster(['a', 'b']);
    await period(100, { a: 8_000, b: 0 });
    await period(100, { a: 8_000, b: 0 });
    expect(last()).toMatchObject({ state: 'slow', instance: 'a' });
    // b waits longer behind its queues: its slow-down replaces a's.
    await period(100, { a: 9_000, b: 12_000 });
    expect(last()).toMatchObject({ state: 'slow', instance: 'b', lagMs: 12_000 });
    // a, with a shorter wait, does not replace it; with a low lag and a fleet that kept up, it lifts nothing.
    await period(100, { a: 9_000, b: 3_000 });
    expect(last()).toMatchObject({ state: 'slow', instance: 'b' });
    await calm(10, { a: 200, b: 3_000 });
    expect(last()).toMatchObject({ state: 'slow', instance: 'b' });
    expect(members.get('a')?.slow).toBe(false);
    // b's lag is low but the fleet uses all of b's rate: raised, still slow.
    const standing = last()?.maxMessagesPerSecond ?? 0;
    await calm(standing * 10, { b: 200 });
    const raised = Math.round(standing * 1.25 * 100) / 100;
    expect(last()).toMatchObject({ state: 'slow', instance: 'b', maxMessagesPerSecond: raised });
    // Then it kept up: b lifts it.
    await calm(raised * 5, { b: 200 });
    expect(last()).toMatchObject({ state: 'normal', instance: 'b' });
  });
});

describe('flow control: each instance measures with its own probes', () => {
  function member(now: { value: number }) {
    const sent: { topic: string; payload: string }[] = [];
    const flow = new FlowControl({
      instanceId: 'a',
      connections: ['a-0', 'a-1'],
      publish: async (topic, payload) => void sent.push({ topic, payload }),
      share: () => 0.5,
      highMs: 5_000,
      lowMs: 1_000,
      probeEveryMs: 2_000,
      validForSeconds: 30,
      logger: pino({ level: 'silent' }),
      now: () => now.value,
    });
    return { flow, sent };
  }

  it('probes every consumer connection on its own topic, and the lag is the longest wait', async () => {
    const now = { value: 0 };
    const { flow, sent } = member(now);
    await flow.tick();
    expect(sent.map((p) => p.topic)).toEqual([flowProbeTopic('a-0'), flowProbeTopic('a-1')]);
    now.value += 300;
    flow.onProbe(sent[0]!.topic, Buffer.from(sent[0]!.payload));
    // a-1's probe is still out: the lag is its age so far.
    now.value += 200;
    expect(flow.lagMs()).toBe(500);
    flow.onProbe(sent[1]!.topic, Buffer.from(sent[1]!.payload));
    expect(flow.lagMs()).toBe(500);
  });

  it("ignores another instance's probe, and a lost probe is cleared by a later one of its connection", async () => {
    const now = { value: 0 };
    const { flow, sent } = member(now);
    await flow.tick(); // probes 1 and 2: both lost (a dropped connection)
    now.value += 2_000;
    await flow.tick(); // probes 3 and 4
    flow.onProbe(flowProbeTopic('a-0'), Buffer.from(JSON.stringify({ i: 'b', s: 1, t: now.value - 60_000 })));
    now.value += 100;
    for (const probe of sent.slice(2)) flow.onProbe(probe.topic, Buffer.from(probe.payload));
    // The lost probes no longer count, and b's says nothing about a's queues: an idle instance is not slowed.
    expect(flow.lagMs()).toBe(100);
    expect(flow.slow).toBe(false);
  });
});
