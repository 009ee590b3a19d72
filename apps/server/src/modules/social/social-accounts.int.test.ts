import { randomBytes } from 'node:crypto';
import { SIGN_UP_PERMISSIONS } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, sharedPortal, type TestPortal } from '../../../test/harness.ts';
import { AppError } from '../../lib/errors.ts';

const tag = () => randomBytes(3).toString('hex');
const uniqueEmail = (label = 'signup') => `${label}-${tag()}@test.com`;

describe(`social accounts: users the identity provider knows (${backend} backend)`, () => {
  let portal: TestPortal;
  let generalScope: string;
  let addresses = 0;
  /** Every sign-up counts against its address: each test signs up from addresses of its own. */
  const nextAddress = () => `10.21.${Math.floor(++addresses / 250)}.${addresses % 250}`;

  beforeAll(async () => {
    portal = await sharedPortal();
    const freeTier = portal.database.db.selectFrom('tenants').select('id').where('kind', '=', 'free_tier');
    generalScope = (await freeTier.executeTakeFirstOrThrow()).id;
  });

  const db = () => portal.database.db;
  const accounts = () => portal.services.socialAccounts;
  const signUp = (payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
    portal.app.inject({ method: 'POST', url: '/api/portalUserSignup', payload, remoteAddress });
  const person = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Sam',
    firstNameTextLength: 3,
    lastName: 'Signer',
    lastNameTextLength: 6,
    email: uniqueEmail(),
    phoneNumber: '',
    countryShortCode: '',
    ...overrides,
  });
  const stored = (email: string) =>
    db().selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();

  it('creates a social user in the general users scope, found by subject and by e-mail', async () => {
    const email = uniqueEmail('social');
    const subject = `sub-${tag()}`;
    const created = await accounts().createSocialUser({
      email: ` ${email.toUpperCase()}`,
      firstName: '  A very long given name indeed',
      lastName: 'Doe',
      subject,
    });
    expect(created).toEqual({
      id: expect.any(String),
      tenantId: generalScope,
      email,
      twoFactorEnabled: false,
    });
    const user = await stored(email);
    expect(user).toMatchObject({
      social_login: true,
      social_subject: subject,
      password_hash: null,
      first_name: 'A very long given na',
      last_name: 'Doe',
    });
    expect([...user!.permissions].sort()).toEqual([...SIGN_UP_PERMISSIONS].sort());
    const activities = await db()
      .selectFrom('activities')
      .select('kind')
      .where('user_id', '=', created.id)
      .execute();
    expect(activities).toEqual([{ kind: 'signUp' }]);

    expect(await accounts().findBySocialSubject(subject)).toEqual(created);
    expect(await accounts().findByEmail(email.toUpperCase())).toEqual(created);
    expect(await accounts().findBySocialSubject('unknown-subject')).toBeNull();
    expect(await accounts().findByEmail(uniqueEmail('nobody'))).toBeNull();
  });

  it('refuses a second user with the same e-mail or subject', async () => {
    const email = uniqueEmail('social');
    const subject = `sub-${tag()}`;
    await accounts().createSocialUser({ email, firstName: 'A', lastName: 'B', subject });
    for (const clash of [
      { email, subject: `sub-${tag()}` },
      { email: uniqueEmail('social'), subject },
    ]) {
      const attempt = accounts().createSocialUser({ ...clash, firstName: 'C', lastName: 'D' });
      await expect(attempt).rejects.toThrow(AppError);
      await expect(attempt).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'This user already exists!',
      });
    }
  });

  it('links a subject to an existing user once', async () => {
    const body = person();
    expect((await signUp(body)).statusCode).toBe(201);
    const user = (await accounts().findByEmail(body.email))!;
    const subject = `sub-${tag()}`;
    await accounts().linkSocialSubject(user.id, subject);
    expect(await accounts().findBySocialSubject(subject)).toEqual(user);
    const other = await accounts().createSocialUser({
      email: uniqueEmail('social'),
      firstName: 'O',
      lastName: 'P',
      subject: `sub-${tag()}`,
    });
    await expect(accounts().linkSocialSubject(other.id, subject)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});
