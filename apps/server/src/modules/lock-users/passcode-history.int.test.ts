import { DEFAULT_PERMISSIONS, type PasscodeHistoryPage } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomTag,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';

describe(`passcode change history (${backend} backend)`, () => {
  let portal: TestPortal;
  let alphaCookie: string;
  let betaCookie: string;
  let noReadCookie: string;
  let userId: string;

  const history = (cookie: string, id: string, query: Record<string, number> = {}) =>
    injectAs(portal, cookie, 'GET', `/api/lock-user/passcode-history/userId/${id}`, { query });

  beforeAll(async () => {
    portal = await sharedPortal();
    const permissions = [...DEFAULT_PERMISSIONS, 'IOT_USER_READ'];
    const alpha = await createCustomerWithUser(portal, 'PassAlpha', { permissions });
    const beta = await createCustomerWithUser(portal, 'PassBeta', { permissions });
    const noRead = await createCustomerWithUser(portal, 'PassNoRead', {
      parentId: alpha.tenant.id,
      permissions: [...DEFAULT_PERMISSIONS],
    });
    alphaCookie = await signIn(portal, alpha.email, alpha.password);
    betaCookie = await signIn(portal, beta.email, beta.password);
    noReadCookie = await signIn(portal, noRead.email, noRead.password);
    const tag = randomTag();
    const [user] = await portal.database.db
      .insertInto('lock_users')
      .values({
        tenant_id: alpha.tenant.id,
        first_name: 'Grace',
        last_name: 'Hopper',
        email: `grace-${tag}@test.com`,
        email_hash: tag,
      })
      .returning('id')
      .execute();
    userId = user!.id;
    const base = Date.parse('2026-01-01T00:00:00Z');
    await portal.database.db
      .insertInto('passcode_changes')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          user_id: userId,
          lock_mac: 'A4C138F00A01',
          lock_name: 'Front',
          lock_serial_number: 'SN-1',
          old_passcode: String(100000 + i),
          new_passcode: String(100001 + i),
          passcode_type: i % 2 ? 'USER' : 'ADMIN',
          changed_at: new Date(base + i * 60_000),
        })),
      )
      .execute();
  });

  it('pages a lock user’s changes newest first at 25, 50 and 100', async () => {
    const first = (await history(alphaCookie, userId)).json<PasscodeHistoryPage>();
    expect(first.total).toBe(60);
    expect(first.changes).toHaveLength(25);
    expect(first.changes[0]).toMatchObject({
      lockMacId: 'A4C138F00A01',
      lockName: 'Front',
      lockSerialNumber: 'SN-1',
      lastUpdated: Date.parse('2026-01-01T00:59:00Z'),
      oldPasscode: '100059',
      newPasscode: '100060',
      passcodeType: 'USER',
    });
    expect(
      (await history(alphaCookie, userId, { pageSize: 50, page: 1 })).json<PasscodeHistoryPage>().changes,
    ).toHaveLength(10);
    expect(
      (await history(alphaCookie, userId, { pageSize: 100 })).json<PasscodeHistoryPage>().changes,
    ).toHaveLength(60);
    for (const pageSize of [24, 26, 10, 101]) {
      expect((await history(alphaCookie, userId, { pageSize })).statusCode, String(pageSize)).toBe(400);
    }
  });

  it("answers 404 for another customer's user or an unknown id, 403 without IOT_USER_READ", async () => {
    expect((await history(betaCookie, userId)).statusCode).toBe(404);
    expect((await history(alphaCookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await history(alphaCookie, 'not-a-uuid')).statusCode).toBe(404);
    expect((await history(noReadCookie, userId)).statusCode).toBe(403);
  });
});
