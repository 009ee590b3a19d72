import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type TestPortal, waitFor } from '../../test/harness.ts';

// Issue 20: the per-gateway rate is counted per instance. Behind a shared subscription each instance receives
// its connections' share of a gateway's messages, so it allows that share of the rate (device-rate.ts); the
// share comes from the instances registered in broker_sessions (session-takeover.ts). External broker only.
describe('the device traffic share of an instance behind a shared subscription', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('is its consumer connections among all registered, and whole again once the other instance is gone', async () => {
    expect(portal.messaging.deviceTrafficShare()).toBe(1);
    const consumers = portal.config.MQTT_CONSUMERS;
    // Another instance with as many connections registers.
    await sql`INSERT INTO broker_sessions (client_id, consumers, seen_at) VALUES ('another-instance', ${consumers}, now())`.execute(
      portal.database.db,
    );
    await waitFor(async () => portal.messaging.deviceTrafficShare() === 0.5, 15_000);
    await sql`DELETE FROM broker_sessions WHERE client_id = 'another-instance'`.execute(portal.database.db);
    await waitFor(async () => portal.messaging.deviceTrafficShare() === 1, 15_000);
  }, 40_000);
});
