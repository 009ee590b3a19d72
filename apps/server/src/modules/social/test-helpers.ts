import { afterAll, beforeAll, describe, expect } from 'vitest';
import { backend, randomTag, startPortal, type TestPortal } from '../../../test/harness.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';
import { digest } from '../../lib/crypto.ts';

// Helpers of the social sign-in integration tests.

export type Mode = 'signIn' | 'signUp';
export const CALL = { signIn: '/api/signInWithGoogle', signUp: '/api/signUpWithGoogle' } as const;
export const SIGN_IN_FAILED = 'Error occurred while signing in. Please try again.';
export const SIGN_UP_FAILED = 'Error occurred while signing up. Please try again.';

/** A browser talking to the portal over HTTP, with its own cookies. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async fetch(path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }
}

const newSub = () => `sub-${randomTag(6)}`;
const newEmail = () => `social-${randomTag(5)}@example.com`;

/** A describe of its own provider and portal; `run` declares the tests, reaching them through `ctx()`. */
export function socialSuite(label: string, claimsInIdToken: boolean, run: (ctx: () => Context) => void) {
  describe(`${label} (${backend} backend)`, () => {
    let context: Context;
    beforeAll(async () => {
      const provider = await startOidcProvider({ claimsInIdToken });
      const portal = await startPortal({ ...provider.portalEnv, OIDC_PROVIDER_NAME: 'Test ID' });
      provider.registerRedirectUri(`${portal.baseUrl}/api/social/callback`);
      context = new Context(provider, portal);
    });
    afterAll(async () => {
      await context?.portal.close();
      await context?.provider.close();
    });
    run(() => context);
  });
}

export class Context {
  constructor(
    readonly provider: TestOidcProvider,
    readonly portal: TestPortal,
    /** Where the provider sends the browser back to: the portal's PUBLIC_URL, or its own address. */
    readonly publicUrl = portal.baseUrl,
  ) {}

  browser(): Browser {
    return new Browser(this.portal.baseUrl);
  }

  /** A person at the provider with a verified address, unless told otherwise. */
  person(overrides: { email?: string; emailVerified?: boolean } = {}) {
    const account = {
      sub: newSub(),
      email: overrides.email ?? newEmail(),
      emailVerified: overrides.emailVerified ?? true,
      givenName: 'Ada',
      familyName: 'Lovelace',
    };
    this.provider.addAccount(account);
    return account;
  }

  /**
   * The whole trip: the portal's authorize call, the sign-in at the provider, the provider's redirect to the
   * portal's callback, which hands the code to the login page. Returns what the login page would post.
   */
  async returnFromProvider(
    browser: Browser,
    mode: Mode,
    sub: string,
  ): Promise<{ code: string; state: string }> {
    const authorize = await browser.fetch(`/api/social/authorize?mode=${mode}`);
    expect(authorize.status).toBe(200);
    const { url } = (await authorize.json()) as { url: string };
    const callback = await this.provider.signIn(url, sub);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${this.publicUrl}/api/social/callback`);
    const redirect = await browser.fetch(`${callback.pathname}${callback.search}`);
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') ?? '';
    expect(location).toMatch(/^\/#\/login\?socialCode=/);
    const params = new URLSearchParams(location.slice(location.indexOf('?') + 1));
    return { code: params.get('socialCode') ?? '', state: params.get('state') ?? '' };
  }

  post(browser: Browser, mode: Mode, body: { code: string; state: string }): Promise<Response> {
    return browser.fetch(CALL[mode], { method: 'POST', json: body });
  }

  async signUp(sub: string): Promise<void> {
    const browser = this.browser();
    const response = await this.post(
      browser,
      'signUp',
      await this.returnFromProvider(browser, 'signUp', sub),
    );
    expect(response.status).toBe(201);
  }

  async userDetails(browser: Browser) {
    const response = await browser.fetch('/api/user-details');
    expect(response.status).toBe(200);
    return (await response.json()) as {
      user: { id: string; email: string; firstName: string; lastName: string; socialLogin: boolean };
      permissions: string[];
      tenant: { id: string; kind: string };
    };
  }

  editRequest(state: string, change: { code_verifier?: string; nonce?: string; expires_at?: Date }) {
    return this.portal.database.db
      .updateTable('oidc_requests')
      .set(change)
      .where('state_hash', '=', digest(state))
      .executeTakeFirstOrThrow();
  }
}
