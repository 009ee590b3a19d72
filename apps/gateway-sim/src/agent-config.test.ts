import { AGENT_CONFIG_DEFAULTS, deviceUp } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentConfigApplier } from './agent-config.ts';
import { Timers } from './timers.ts';

const MAC = 'AABBCCDDEEFF';

describe('agent configuration on a simulated gateway', () => {
  let timers: Timers;
  let polls: boolean[];
  let posts: number;
  let sent: { topic: string; payload: Record<string, unknown> }[];
  let applier: AgentConfigApplier;

  beforeEach(() => {
    vi.useFakeTimers();
    timers = new Timers();
    polls = [];
    posts = 0;
    sent = [];
    applier = new AgentConfigApplier(
      MAC,
      timers,
      { telemetryIntervalMs: 1000, logger: { warn: () => {} } },
      {
        publishJson: async (topic, payload) => {
          sent.push({ topic, payload: payload as Record<string, unknown> });
          return true;
        },
      },
      { poll: (record) => polls.push(record), post: () => posts++ },
    );
  });
  afterEach(() => {
    timers.cancelAll();
    vi.useRealTimers();
  });

  const message = (cfv: number, poll: Partial<typeof AGENT_CONFIG_DEFAULTS.poll>) =>
    JSON.stringify({
      SID: 'scope',
      cfv,
      cfg: { ...AGENT_CONFIG_DEFAULTS, poll: { ...AGENT_CONFIG_DEFAULTS.poll, ...poll } },
    });

  it('runs its own interval until configured: a record and a post at every poll', () => {
    vi.advanceTimersByTime(3000);
    expect(polls).toEqual([true, true, true]);
    expect(posts).toBe(3);
  });

  it('polls every pti, records every dpf and posts every ppf once configured, and answers APPLIED', () => {
    expect(
      applier.handled(`gateways/${MAC}/receive/agent-config`, message(4, { pti: 2, dpf: 4, ppf: 8 })),
    ).toBe(true);
    expect(applier.cadence).toEqual({ pollMs: 2000, recordEvery: 2, postMs: 8000 });
    vi.advanceTimersByTime(16_000);
    expect(polls).toEqual([true, false, true, false, true, false, true, false]);
    expect(posts).toBe(2);
    expect(sent).toEqual([
      { topic: deviceUp.agentConfig(MAC), payload: { cfv: 4, TI: expect.any(Number), status: 'APPLIED' } },
    ]);
    expect(applier.version).toBe(4);
  });

  it('refuses a configuration out of range with its reason, and ignores what is not JSON', () => {
    applier.handled(`gateways/${MAC}/receive/agent-config`, message(5, { pti: 31 }));
    applier.handled(`gateways/${MAC}/receive/agent-config`, 'not json');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.payload).toMatchObject({
      cfv: 5,
      status: 'REJECTED',
      reason: expect.stringContaining('poll.pti'),
    });
    expect(applier.cadence.pollMs).toBe(1000);
    expect(applier.handled(`gateways/${MAC}/receive/instruction`, '{}')).toBe(false);
  });
});
