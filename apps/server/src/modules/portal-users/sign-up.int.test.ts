import { randomBytes } from 'node:crypto';
import { PERMISSIONS, SIGN_UP_PERMISSIONS, throttleMessage } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, sharedPortal, type TestPortal } from '../../../test/harness.ts';

const tag = () => randomBytes(3).toString('hex');
const uniqueEmail = (label = 'signup') => `${label}-${tag()}@test.com`;

describe(`self-service sign-up (${backend} backend)`, () => {
  let portal: TestPortal;
  let generalScope: string;
  let addresses = 0;
  /** Every sign-up counts against its address: each test signs up from addresses of its own. */
  const nextAddress = () => `10.20.${Math.floor(++addresses / 250)}.${addresses % 250}`;

  beforeAll(async () => {
    portal = await sharedPortal();
    const freeTier = portal.database.db.selectFrom('tenants').select('id').where('kind', '=', 'free_tier');
    generalScope = (await freeTier.executeTakeFirstOrThrow()).id;
  });

  const db = () => portal.database.db;
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
  const problems = (response: { json(): { details?: { message: string }[] } }) =>
    (response.json().details ?? []).map((d) => d.message);

  it('answers the id of the general users scope', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/getGeneralUsersScopeId/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ scopeId: generalScope });
  });

  it('puts the user in the general users scope with exactly the 15 sign-up permissions, whatever the body asks', async () => {
    const rootTenant = await db()
      .selectFrom('tenants')
      .select('id')
      .where('kind', '=', 'root')
      .executeTakeFirstOrThrow();
    const body = person({
      email: `  New.Person-${tag()}@Example.COM `,
      scopeId: rootTenant.id,
      permissions: [...PERMISSIONS],
    });
    const response = await signUp(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Your account has been created. A link to set your password has been sent to your email.',
    });

    const user = await stored(body.email);
    expect(user).toMatchObject({
      email: body.email.trim().toLowerCase(),
      tenant_id: generalScope,
      first_name: 'Sam',
      last_name: 'Signer',
      password_hash: null,
      owner: false,
      is_root: false,
      social_login: false,
    });
    expect(user!.permissions).toHaveLength(15);
    expect([...user!.permissions].sort()).toEqual([...SIGN_UP_PERMISSIONS].sort());
    const activities = await db()
      .selectFrom('activities')
      .selectAll()
      .where('user_id', '=', user!.id)
      .execute();
    expect(activities).toMatchObject([{ kind: 'signUp', email: user!.email, tenant_id: generalScope }]);

    // The mailed link sets the first password, and the user signs in.
    const mail = await db()
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', user!.email)
      .executeTakeFirst();
    const token = /#\/portal-user\/reset-password\/(\S+)/.exec(mail?.body ?? '')?.[1];
    const password = 'Fresh123';
    const activated = await portal.app.inject({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { password, confirm_password: password, activationCode: token },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const signedIn = await portal.app.inject({
      method: 'POST',
      url: '/api/login/twoFactorKey/k',
      payload: { email: user!.email, password },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses an address already registered, in any case', async () => {
    const body = person();
    expect((await signUp(body)).statusCode).toBe(201);
    const again = await signUp(person({ email: body.email.toUpperCase(), firstName: 'Other' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'This user already exists!' });
    expect((await stored(body.email))!.first_name).toBe('Sam');
  });

  it('applies the name and e-mail rules at their bounds', async () => {
    expect(
      (await signUp(person({ firstName: 'F'.repeat(20), lastName: ` ${'L'.repeat(20)}` }))).statusCode,
    ).toBe(201);
    const refusals: [Record<string, string>, string][] = [
      [{ firstName: 'F'.repeat(21) }, 'Invalid First Name.'],
      [{ firstName: '  ' }, 'Invalid First Name.'],
      [{ lastName: 'L'.repeat(21) }, 'Invalid Last Name.'],
      [{ email: '' }, 'Email is required.'],
      [{ email: `${'e'.repeat(32)}@test.com` }, 'Enter a valid email.'],
      [{ email: 'no-at-sign.com' }, 'Enter a valid email.'],
    ];
    for (const [fields, message] of refusals) {
      const response = await signUp(person(fields));
      expect(response.statusCode).toBe(400);
      expect(problems(response)).toContain(message);
    }
    expect((await signUp(person({ email: `${'e'.repeat(25)}${tag()}@test.com` }))).statusCode).toBe(201);
  });

  it('takes a mobile number of 7 to 15 digits, or none, or a country code alone', async () => {
    for (const phoneNumber of ['+49 1234567', '+1 123456789012345', '+49', '']) {
      const body = person({ phoneNumber, countryShortCode: phoneNumber ? 'DE' : '' });
      expect((await signUp(body)).statusCode, phoneNumber).toBe(201);
      expect((await stored(body.email))!.phone_number).toBe(phoneNumber);
    }
    for (const phoneNumber of ['+49 123456', '+49 1234567890123456', '+49 12345ab']) {
      const response = await signUp(person({ phoneNumber, countryShortCode: 'DE' }));
      expect(response.statusCode, phoneNumber).toBe(400);
      expect(problems(response)).toContain('Enter valid mobile number.');
    }
  });

  it('takes at most 5 sign-ups per address in 15 minutes, counting refused ones', async () => {
    const address = nextAddress();
    const taken = person();
    expect((await signUp(taken, address)).statusCode).toBe(201);
    expect((await signUp(taken, address)).statusCode).toBe(409);
    for (let i = 0; i < 3; i++) expect((await signUp(person(), address)).statusCode).toBe(201);
    const sixth = person();
    const limited = await signUp(sixth, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: throttleMessage });
    expect(await stored(sixth.email)).toBeUndefined();
    // Another address is not held back.
    expect((await signUp(sixth)).statusCode).toBe(201);
  });

  it('refuses a body over 16 KiB with 413', async () => {
    const response = await signUp({ ...person(), padding: 'x'.repeat(20 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});
