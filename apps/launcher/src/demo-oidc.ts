/**
 * The demo's sign-in provider ('Demo ID'): a small OpenID Connect provider (the oidc-provider library) that
 * `npm start` runs beside the portal on DEMO_OIDC_PORT and gives the portal as its social sign-in, so that a
 * newcomer sees 'Sign in with Demo ID' work. It knows one person, the demo support user, and asks for no
 * password: its page has one button. Only with DEMO on, DEMO_OIDC on and no OIDC_ISSUER of the operator's own.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Config, ownOrigin } from '@portal/server';

interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ params: { client_id: string } }>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result:
      | { login: { accountId: string }; consent: { grantId: string } }
      | { error: string; error_description: string },
  ): Promise<void>;
  Grant: new (init: {
    accountId: string;
    clientId: string;
  }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
}

/** The one person the provider knows. */
export interface DemoIdentity {
  email: string;
  firstName: string;
  lastName: string;
}

export interface DemoOidcProvider {
  issuer: string;
  /** The portal's social sign-in settings for this provider (OIDC_ISSUER, client, 'Demo ID'). */
  portalEnv: Record<string, string>;
  close(): Promise<void>;
}

const DEMO_PROVIDER_NAME = 'Demo ID';
const CLIENT_ID = 'iot-portal-demo';
const SUBJECT = 'demo-support';
const CALLBACK_PATH = '/api/social/callback';

/** Whether `npm start` runs the demo provider with this configuration. */
export const wantsDemoOidc = (config: Config) => config.DEMO && config.DEMO_OIDC && !config.OIDC_ISSUER;

/**
 * Starts the provider on HOST and DEMO_OIDC_PORT. Its issuer is the portal's own host (PUBLIC_URL's, else HOST's,
 * localhost for a wildcard) on that port; it accepts the portal's callback at its own address and at localhost
 * and 127.0.0.1 on PORT, the addresses a newcomer opens.
 */
export async function startDemoOidcProvider(config: Config, person: DemoIdentity): Promise<DemoOidcProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `DEMO_OIDC_PORT ${config.DEMO_OIDC_PORT} is already in use: set DEMO_OIDC_PORT to a free port, or DEMO_OIDC=0`,
            )
          : error,
      ),
    );
    server.listen(config.DEMO_OIDC_PORT, config.HOST, resolve);
  });
  const portalOrigin = ownOrigin(config);
  const issuer = `http://${new URL(portalOrigin).hostname}:${(server.address() as AddressInfo).port}`;
  const redirectUris = [
    ...new Set([portalOrigin, `http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`]),
  ].map((origin) => `${origin}${CALLBACK_PATH}`);
  const clientSecret = randomBytes(24).toString('base64url');
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  // Loaded only when the demo provider runs: oidc-provider 9 prints 'Unsupported runtime' on Node 20 (it wants 22;
  // its tests pass on 20), which a start without the demo provider need not show.
  // @ts-expect-error oidc-provider ships no type declarations; OidcProvider above types the parts used here.
  const { default: Provider } = await import('oidc-provider');
  const provider: OidcProvider = new Provider(issuer, {
    clients: [{ client_id: CLIENT_ID, client_secret: clientSecret, redirect_uris: redirectUris }],
    jwks: { keys: [{ ...signingKey, kid: 'demo', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    // E-mail and names in the ID token, as Google gives them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    findAccount: (_ctx: unknown, id: string) =>
      id === SUBJECT
        ? {
            accountId: id,
            claims: () => ({
              sub: id,
              email: person.email,
              email_verified: true,
              given_name: person.firstName,
              family_name: person.lastName,
            }),
          }
        : undefined,
  });
  const providerCallback = provider.callback();

  /** The sign-in page: who signs in, Continue or Cancel. */
  async function showPage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await provider.interactionDetails(req, res);
    const name = `${person.firstName} ${person.lastName}`;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${DEMO_PROVIDER_NAME}: sign in</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 30rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${DEMO_PROVIDER_NAME}</h1>
<p>The demo sign-in provider of <code>npm start</code>. It knows one person and asks for no password.</p>
<form method="post">
<button type="submit" name="choice" value="continue" style="font-size: 1rem; padding: 0.5rem 1rem">Continue as ${name} (${person.email})</button>
<button type="submit" name="choice" value="cancel" style="font-size: 1rem; padding: 0.5rem 1rem">Cancel</button>
</form>
</body>
</html>`);
  }

  /** The page's answer: signed in and consented at once, or cancelled. */
  async function finish(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (new URLSearchParams(body).get('choice') !== 'continue') {
      await provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: 'Cancelled at the demo provider',
      });
      return;
    }
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: SUBJECT, clientId: details.params.client_id });
    grant.addOIDCScope('openid email profile');
    await provider.interactionFinished(req, res, {
      login: { accountId: SUBJECT },
      consent: { grantId: await grant.save() },
    });
  }

  handler = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return providerCallback(req, res);
    (req.method === 'POST' ? finish(req, res) : showPage(req, res)).catch((error: unknown) => {
      res.statusCode = 400;
      res.end(`Demo sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  };

  return {
    issuer,
    portalEnv: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_PROVIDER_NAME: DEMO_PROVIDER_NAME,
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
