import { DEFAULT_PERMISSIONS, throttleMessage } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createCustomerWithUser, type Portal, randomTag, sharedPortal } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { base32Decode, totpAt, totpStep } from '../../lib/totp.ts';
import { createUsersModule } from '../users/index.ts';

// Helpers of the auth module's integration tests.

export const randomKey = () => randomTag(8);

/** The authenticator app's code for `secret`, `stepOffset` steps from now. */
export const codeFor = (secret: string, stepOffset = 0) =>
  totpAt(base32Decode(secret), totpStep(Date.now()) + stepOffset);

/** A 6-digit code that matches no step of the accepted window (nor the steps just outside it). */
export function wrongCodeFor(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((offset) => codeFor(secret, offset)));
  let code = 123456;
  while (near.has(String(code))) code++;
  return String(code);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  tenantId: string;
}

/** A user of `tenantId` who can sign in with a password. */
export async function addUser(
  portal: Portal,
  tenantId: string,
  options: { permissions?: string[]; owner?: boolean; isRoot?: boolean; socialLogin?: boolean } = {},
): Promise<TestUser> {
  const email = `user-${randomKey()}@test.local`;
  const password = 'UserPass1';
  const user = await createUsersModule({ db: portal.database.db }).users.insertUser({
    tenant_id: tenantId,
    email,
    first_name: 'Test',
    last_name: 'User',
    password_hash: await hashPassword(password),
    permissions: options.permissions ?? [...DEFAULT_PERMISSIONS],
    owner: options.owner ?? false,
    is_root: options.isRoot ?? false,
    social_login: options.socialLogin ?? false,
  });
  return { id: user.id, email, password, tenantId };
}

export async function tenantOfKind(portal: Portal, kind: 'root' | 'free_tier') {
  return portal.database.db
    .selectFrom('tenants')
    .selectAll()
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
}

export const sessionCookie = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  return cookie ? `sid=${cookie.value}` : undefined;
};

export function login(
  portal: Portal,
  user: { email: string; password: string },
  options: { key?: string; fingerprint?: string; address?: string } = {},
) {
  return portal.app.inject({
    method: 'POST',
    url: `/api/login/twoFactorKey/${options.key ?? randomKey()}`,
    payload: { email: user.email, password: user.password, fingerprint: options.fingerprint },
    remoteAddress: options.address,
  });
}

export function verifyCode(
  portal: Portal,
  body: { email: string; code: string },
  options: { key: string; expireTime?: string; address?: string },
) {
  const headers: Record<string, string> = { twoFactorKey: options.key };
  if (options.expireTime) headers.expireTime = options.expireTime;
  return portal.app.inject({
    method: 'POST',
    url: '/api/twoStepVerification',
    payload: body,
    headers,
    remoteAddress: options.address,
  });
}

/** Turns 2FA on through the set-up calls, as the user would; returns the secret. */
export async function enableTwoFactor(portal: Portal, cookie: string, email: string): Promise<string> {
  const setup = await portal.app.inject({
    method: 'POST',
    url: '/api/getQrCodeUrl',
    headers: { cookie },
    payload: { email },
  });
  if (setup.statusCode !== 200) throw new Error(`2FA set-up failed: ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const enable = await portal.app.inject({
    method: 'PUT',
    url: '/api/enableTwoFA',
    headers: { cookie },
    payload: { email, code: codeFor(secret) },
  });
  if (enable.statusCode !== 200) throw new Error(`2FA enable failed: ${enable.body}`);
  return secret;
}

/** Lets the next code of the same step pass, as if the next time step had come (codes are used once). */
export function forgetUsedCodes(portal: Portal, userId: string) {
  return portal.database.db
    .updateTable('users')
    .set({ totp_last_step: null })
    .where('id', '=', userId)
    .execute();
}

export function userRow(portal: Portal, userId: string) {
  return portal.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export function trustedDevices(portal: Portal, userId: string) {
  return portal.database.db.selectFrom('trusted_devices').selectAll().where('user_id', '=', userId).execute();
}

/** A user of `tenantId` with 2FA on; its next code must be of a later step than the one that enabled it. */
export async function addTwoFactorUser(
  portal: Portal,
  tenantId: string,
  options: Parameters<typeof addUser>[2] = {},
): Promise<TestUser & { secret: string }> {
  const user = await addUser(portal, tenantId, options);
  const response = await login(portal, user);
  const cookie = sessionCookie(response);
  if (!cookie) throw new Error(`sign-in failed: ${response.body}`);
  return { ...user, secret: await enableTwoFactor(portal, cookie, user.email) };
}

/** The worker's shared portal with a customer tenant of the file's own for the two-factor tests' users. */
export async function sharedTwoFactorPortal() {
  const portal = await sharedPortal();
  const tenantId = (await createCustomerWithUser(portal, 'Twofa')).tenant.id;
  return { portal, tenantId };
}

export interface HttpOptions {
  method?: string;
  cookie?: string;
  address?: string;
  headers?: Record<string, string>;
}

/** A real HTTP request to a listening portal (not inject): JSON body, optional cookie and client address. */
export function sendJson(baseUrl: string, path: string, body: unknown, options: HttpOptions = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: options.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.address ? { 'x-forwarded-for': options.address } : {}),
      ...options.headers,
    },
    body: JSON.stringify(body),
  });
}

/** The statuses of a burst of requests sent together; every 429 must carry the spec's throttle message. */
export async function burst(requests: (() => Promise<Response>)[]): Promise<number[]> {
  const responses = await Promise.all(requests.map((request) => request()));
  const answers = await Promise.all(
    responses.map(async (response) => ({ status: response.status, body: await response.json() })),
  );
  for (const answer of answers.filter((a) => a.status === 429))
    expect(answer.body).toEqual({ code: 'RATE_LIMITED', message: throttleMessage });
  return answers.map((answer) => answer.status);
}
