import { gunzipSync } from 'node:zlib';
import { cameraResultText, deviceUp, type LiveInstruction } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs } from '../../../test/harness.ts';
import {
  type InstructionsFixture,
  liveMessage,
  startInstructionsFixture,
  storedInstruction,
} from './test-helpers.ts';

describe(`instructions answered by a simulated gateway (${backend} backend)`, () => {
  let fixture: InstructionsFixture;
  let withCamera: string;
  let withoutCamera: string;
  let silent: string;

  beforeAll(async () => {
    fixture = await startInstructionsFixture([
      { camera: true },
      { camera: false },
      { answerInstructions: false },
    ]);
    [withCamera, withoutCamera, silent] = fixture.macs as [string, string, string];
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('answers diagnostics: SUCCESS with the four sections, stored and pushed', async () => {
    const messages = await fixture.watch(withCamera);
    const response = await fixture.request(fixture.alpha.cookie, { macId: withCamera, type: 'DIAGNOSTICS' });
    expect(response.statusCode).toBe(200);
    const { uid, status, instructionId } = response.json();
    expect(uid).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(status).toBe('PENDING');
    expect(instructionId).toMatch(/^[0-9a-f-]{36}$/);
    const answer = await liveMessage(messages, { uid, status: 'SUCCESS' });
    expect(answer.type).toBe('DIAGNOSTICS');
    expect(Object.keys(answer.value as object)).toEqual(
      expect.arrayContaining(['Network Info', 'Gateway Firmware', 'Memory Info', 'Gateway OS']),
    );
    expect(await storedInstruction(fixture.portal, uid)).toMatchObject({
      status: 'SUCCESS',
      mac: withCamera,
    });
  });

  it('returns the pending request for a second one of the same type, without publishing it again', async () => {
    const first = await fixture.request(fixture.alpha.cookie, { macId: silent, type: 'CAMERA_CAPTURE' });
    const second = await fixture.request(fixture.alpha.cookie, { macId: silent, type: 'CAMERA_CAPTURE' });
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const db = fixture.portal.database.db;
    expect(
      await db.selectFrom('instructions').select('uid').where('mac', '=', silent).execute(),
    ).toHaveLength(1);
    // One capture initiated, one portal event, the user's e-mail as its value.
    const events = await db.selectFrom('gateway_events').select('items').where('mac', '=', silent).execute();
    expect(events.flatMap((e) => e.items)).toEqual([
      { nme: 'Camera Capture Initiated', val: fixture.alpha.email },
    ]);
  });

  it('captures a camera image: the live message carries the URL, the JPEG is served to the customer only', async () => {
    const messages = await fixture.watch(withCamera);
    const { uid } = (
      await fixture.request(fixture.alpha.cookie, { macId: withCamera, type: 'CAMERA_CAPTURE' })
    ).json();
    const answer = await liveMessage(messages, { uid, status: 'SUCCESS' });
    expect(answer.value).toBe(`/api/instruction/${uid}/image`);
    const image = await injectAs(
      fixture.portal,
      fixture.alpha.cookie,
      'GET',
      `/api/instruction/${uid}/image`,
    );
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect([...image.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const other = await injectAs(fixture.portal, fixture.beta.cookie, 'GET', `/api/instruction/${uid}/image`);
    expect(other.statusCode).toBe(404);
    // The portal event of the spec, with the user's e-mail as its value.
    const events = await fixture.portal.database.db
      .selectFrom('gateway_events')
      .select('items')
      .where('mac', '=', withCamera)
      .execute();
    expect(events.flatMap((e) => e.items)).toContainEqual({
      nme: 'Camera Capture Initiated',
      val: fixture.alpha.email,
    });
  });

  it('reports ERR_CAMERA_CAPTURE from a gateway without a camera; the instruction fails', async () => {
    const messages = await fixture.watch(withoutCamera);
    const { uid } = (
      await fixture.request(fixture.alpha.cookie, { macId: withoutCamera, type: 'CAMERA_CAPTURE' })
    ).json();
    const answer = await liveMessage(messages, { uid });
    expect(answer).toEqual({ uid, type: 'CAMERA_CAPTURE', status: 'ERROR', value: 'ERR_CAMERA_CAPTURE' });
    expect(await storedInstruction(fixture.portal, uid)).toMatchObject({
      status: 'FAILED',
      answer: 'ERR_CAMERA_CAPTURE',
    });
  });

  it('uploads device logs: progress 25..100, then the link to the saved file (elk_status OFF)', async () => {
    const messages = await fixture.watch(withCamera);
    const { uid } = (await fixture.request(fixture.alpha.cookie, { macId: withCamera, type: 'LOGS' })).json();
    const done = await liveMessage(messages, { uid, status: 'SUCCESS' });
    const progress = messages.filter((m) => m.uid === uid && m.status === 'PROGRESS').map((m) => m.value);
    expect(progress).toEqual([25, 50, 75, 100]);
    const url = String(done.value);
    expect(url).toMatch(/^\/api\/device-logs\/[a-f0-9]{32}\.log\.gz$/);
    const key = url.split('/').pop()!;
    expect(
      await fixture.portal.database.db
        .selectFrom('device_logs')
        .select(['mac', 'elk_status'])
        .where('uploaded_file_key', '=', key)
        .executeTakeFirst(),
    ).toEqual({ mac: withCamera, elk_status: 'OFF' });
    const file = await injectAs(fixture.portal, fixture.alpha.cookie, 'GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(gunzipSync(file.rawPayload).toString('utf8')).toContain(`${withCamera} uptime`);
    expect((await injectAs(fixture.portal, fixture.beta.cookie, 'GET', url)).statusCode).toBe(404);
  });

  it.each([
    ['not a JPEG', Buffer.from('GIF89a').toString('base64')],
    ['empty', ''],
  ])('takes a camera answer that is %s as invalid: ERROR with no value, nothing saved', async (_, image) => {
    const messages = await fixture.watch(silent);
    const { uid } = (
      await fixture.request(fixture.alpha.cookie, { macId: silent, type: 'CAMERA_CAPTURE' })
    ).json();
    await fixture.portal.inbox.handle(
      { mac: silent, tenantId: fixture.alpha.tenant.id },
      deviceUp.response(silent, 'camera', uid),
      Buffer.from(
        JSON.stringify({ uid, type: 'CAMERA_CAPTURE', status: 'SUCCESS', TI: Date.now(), value: image }),
      ),
    );
    const answer = await liveMessage(messages, { uid });
    expect(answer).toEqual({ uid, type: 'CAMERA_CAPTURE', status: 'ERROR', value: null });
    expect(cameraResultText(answer)?.text).toBe('Invalid Gateway response.');
    expect(await storedInstruction(fixture.portal, uid)).toMatchObject({ status: 'FAILED', answer: null });
    const file = await injectAs(fixture.portal, fixture.alpha.cookie, 'GET', `/api/instruction/${uid}/image`);
    expect(file.statusCode).toBe(404);
  });

  it("ignores an answer for another gateway's uid and a second answer after the first", async () => {
    const messages = await fixture.watch(withCamera);
    const { uid } = (
      await fixture.request(fixture.alpha.cookie, { macId: withCamera, type: 'DIAGNOSTICS' })
    ).json();
    await liveMessage(messages, { uid, status: 'SUCCESS' });
    // The other gateway claims the same uid, then the first one answers again: nothing changes.
    const answer = (mac: string) =>
      fixture.portal.inbox.handle(
        { mac, tenantId: fixture.alpha.tenant.id },
        deviceUp.response(mac, 'diagnostics', uid),
        Buffer.from(
          JSON.stringify({ uid, type: 'DIAGNOSTICS', status: 'ERROR', TI: Date.now(), value: 'ERR_X' }),
        ),
      );
    await answer(withoutCamera);
    await answer(withCamera);
    expect(await storedInstruction(fixture.portal, uid)).toMatchObject({ status: 'SUCCESS' });
    expect(messages.filter((m: LiveInstruction) => m.uid === uid)).toHaveLength(1);
  });
});
