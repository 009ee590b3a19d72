import { deviceUp } from '@portal/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, randomMac } from '../../../test/harness.ts';
import { InstructionDeadlines } from './instruction-deadlines.ts';
import { InstructionOutcomes } from './instruction-outcomes.ts';
import { InstructionsRepository } from './instructions.repository.ts';
import {
  type InstructionsFixture,
  liveMessage,
  startInstructionsFixture,
  storedInstruction,
} from './test-helpers.ts';

/** Deadlines scaled by 0.02: diagnostics 300 ms, camera 600 ms, device logs 1.2 s (1.8 s above app 158). */
const SCALE = 0.02;

describe(`instruction deadlines (${backend} backend)`, () => {
  let fixture: InstructionsFixture;
  let silent: string;

  beforeAll(async () => {
    fixture = await startInstructionsFixture([{ answerInstructions: false }], SCALE);
    silent = fixture.macs[0]!;
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it.each([
    ['DIAGNOSTICS', 15_000],
    ['CAMERA_CAPTURE', 30_000],
  ])(
    'fails a %s the gateway never answers: Timed-out, pushed within its deadline and a second',
    async (type, deadline) => {
      const messages = await fixture.watch(silent);
      const started = Date.now();
      const response = await fixture.request(fixture.alpha.cookie, { macId: silent, type });
      const { uid } = response.json();
      const failed = await liveMessage(messages, { uid });
      expect(Date.now() - started).toBeLessThan(deadline * SCALE + 1000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(deadline * SCALE - 50);
      expect(failed).toEqual({ uid, type, status: 'FAILED', value: 'Timed-out' });
      expect(await storedInstruction(fixture.portal, uid)).toMatchObject({
        status: 'FAILED',
        answer: 'Timed-out',
      });
    },
  );

  it('ignores an answer that comes after the time-out', async () => {
    const messages = await fixture.watch(silent);
    const { uid } = (
      await fixture.request(fixture.alpha.cookie, { macId: silent, type: 'DIAGNOSTICS' })
    ).json();
    await liveMessage(messages, { uid, status: 'FAILED' });
    await fixture.portal.inbox.handle(
      { mac: silent, tenantId: fixture.alpha.tenant.id },
      deviceUp.response(silent, 'diagnostics', uid),
      Buffer.from(JSON.stringify({ uid, type: 'DIAGNOSTICS', status: 'SUCCESS', TI: Date.now(), value: {} })),
    );
    expect(await storedInstruction(fixture.portal, uid)).toMatchObject({
      status: 'FAILED',
      answer: 'Timed-out',
    });
    expect(messages.filter((m) => m.uid === uid)).toHaveLength(1);
  });

  it('gives device logs 60 s, or 90 s when the gateway app version is above 158', async () => {
    const db = fixture.portal.database.db;
    const deadlineOf = async () => {
      const { uid } = (await fixture.request(fixture.alpha.cookie, { macId: silent, type: 'LOGS' })).json();
      const row = (await storedInstruction(fixture.portal, uid))!;
      await db.deleteFrom('instructions').where('uid', '=', uid).execute();
      return (row.deadline_at.getTime() - row.created_at.getTime()) / SCALE;
    };
    await db.updateTable('gateways').set({ app_version: 158 }).where('mac', '=', silent).execute();
    expect(await deadlineOf()).toBeCloseTo(60_000, -3);
    await db.updateTable('gateways').set({ app_version: 159 }).where('mac', '=', silent).execute();
    expect(await deadlineOf()).toBeCloseTo(90_000, -3);
  });

  it('refuses a request to an offline gateway with the spec text, storing and sending nothing', async () => {
    const offline = randomMac();
    await fixture.portal.services.gateways.provision(fixture.alpha.tenant.id, offline, 'Offline');
    for (const type of ['DIAGNOSTICS', 'CAMERA_CAPTURE', 'LOGS', 'HOTSPOT']) {
      const response = await fixture.request(fixture.alpha.cookie, { macId: offline, type });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message: 'Gateway is offline...' });
    }
    const rows = await fixture.portal.database.db
      .selectFrom('instructions')
      .select('uid')
      .where('mac', '=', offline)
      .execute();
    expect(rows).toEqual([]);
  });

  it('ends each due instruction once when several workers claim at the same time', async () => {
    const { portal } = fixture;
    const repo = new InstructionsRepository(portal.database.db);
    const past = new Date(Date.now() - 1000);
    for (let i = 0; i < 6; i++) {
      await repo.insert({
        uid: `race${i}${Math.random().toString(36).slice(2, 6)}`,
        mac: silent,
        type: 'REMOVE_IOT_USER',
        value: null,
        payload: {},
        created_by: null,
        deadline_at: past,
      });
    }
    const ended: string[] = [];
    const workers = [1, 2, 3].map(() => {
      const outcomes = new InstructionOutcomes({ publish: () => {} }, pino({ level: 'silent' }));
      outcomes.onEnded((e) => {
        if (e.type === 'REMOVE_IOT_USER') ended.push(e.uid);
      });
      return new InstructionDeadlines(repo, outcomes, pino({ level: 'silent' }));
    });
    await Promise.all(workers.map((worker) => worker.runDue()));
    expect(new Set(ended).size).toBe(ended.length);
    const failed = await portal.database.db
      .selectFrom('instructions')
      .select('uid')
      .where('type', '=', 'REMOVE_IOT_USER')
      .where('status', '=', 'FAILED')
      .execute();
    // The portal's own worker may have taken some of them: together, every row ended exactly once.
    expect(failed).toHaveLength(6);
    expect(ended.length).toBeLessThanOrEqual(6);
  });
});
