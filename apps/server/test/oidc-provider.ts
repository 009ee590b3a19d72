import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
// @ts-expect-error oidc-provider ships no type declarations; OidcProvider below types the parts used here.
import Provider from 'oidc-provider';

interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ params: { client_id: string } }>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: { login: { accountId: string }; consent: { grantId: string } },
  ): Promise<void>;
  Grant: new (init: {
    accountId: string;
    clientId: string;
  }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
}

/** A person with an account at the provider. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The portal's configuration for this provider. */
  portalEnv: Record<string, string>;
  /** Registers the one client's redirect URI, known once the portal listens; the provider serves from then on. */
  registerRedirectUri(uri: string): void;
  addAccount(account: ProviderAccount): void;
  /**
   * Plays the browser and the person at the provider: opens the authorization URL, signs in as `sub` and
   * consents, and returns the URL the provider sends the browser back to (the portal's callback).
   */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

const ACCOUNT_HEADER = 'x-test-account';

/**
 * A real OpenID Connect provider (oidc-provider) on a free port, with one confidential client, PKCE required
 * and no login or consent pages: an interaction completes at once for the account named by the test.
 * `claimsInIdToken` true puts email and names in the ID token (as Google does); false leaves them to the
 * userinfo endpoint (oidc-provider's default).
 */
export async function startOidcProvider(
  options: { claimsInIdToken?: boolean } = {},
): Promise<TestOidcProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const clientId = 'portal-test';
  const clientSecret = randomBytes(24).toString('base64url');
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;

  const server = createServer((req, res) => {
    if (!handler) {
      res.statusCode = 503;
      res.end();
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  function configure(redirectUri: string): void {
    const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'jwk',
    });
    const provider: OidcProvider = new Provider(issuer, {
      clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri] }],
      jwks: { keys: [{ ...signingKey, kid: 'test', use: 'sig', alg: 'RS256' }] },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      pkce: { required: () => true },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      conformIdTokenClaims: !options.claimsInIdToken,
      features: { devInteractions: { enabled: false } },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name'],
      },
      findAccount: (_ctx: unknown, id: string) => {
        const account = accounts.get(id);
        if (!account) return undefined;
        return {
          accountId: id,
          claims: () => ({
            sub: id,
            email: account.email,
            email_verified: account.emailVerified,
            given_name: account.givenName,
            family_name: account.familyName,
          }),
        };
      },
    });
    const providerCallback = provider.callback();

    handler = (req, res) => {
      if (!req.url?.startsWith('/interaction/')) return providerCallback(req, res);
      completeInteraction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    };

    async function completeInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const accountId = String(req.headers[ACCOUNT_HEADER]);
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
    }
  }

  async function signIn(authorizationUrl: string, sub: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      const response = await fetch(url, {
        redirect: 'manual',
        headers: {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          [ACCOUNT_HEADER]: sub,
        },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`provider answered ${response.status}: ${await response.text()}`);
      url = new URL(location, url);
      if (url.origin !== issuer) return url;
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    portalEnv: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    registerRedirectUri: configure,
    addAccount: (account) => accounts.set(account.sub, account),
    signIn,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
