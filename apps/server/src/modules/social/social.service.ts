import { type SocialConfig, signUpMessages, socialMessages } from '@portal/contract';
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import { digest, newSecret } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionsService } from '../auth/index.ts';
import type { SocialRepository } from './social.repository.ts';
import type { SocialAccountsService } from './social-accounts.service.ts';

export type SocialMode = 'signIn' | 'signUp';

/** How long a sign-in at the provider may take, from the authorize call to the code's return. */
export const SOCIAL_REQUEST_TTL_MS = 10 * 60_000;
export const socialDisabledMessage = 'Social sign-in is not configured on this portal.';
const SCOPE = 'openid email profile';

/** What the SPA posts back after the provider's redirect, and where this browser came from. */
export interface SocialReturn {
  code: string;
  state: string;
  /** The value of this browser's `oidc` cookie, set by the authorize call. */
  browser: string | undefined;
  /** The redirect URI the authorization request named; the token request must repeat it. */
  redirectUri: string;
}

interface SocialIdentity {
  /** The provider's subject, qualified by its issuer: two providers may hand out the same `sub`. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

/**
 * Social sign-in and sign-up with any OpenID Connect provider (spec 000 sections 4 and 7; DESIGN.md section 8):
 * authorization code flow with state, nonce and PKCE (S256), each request bound to the browser that started it
 * and good once. The provider's answer goes through the SPA, which posts the code to signInWithGoogle or
 * signUpWithGoogle as the spec's calls say.
 */
export class SocialService {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly repo: SocialRepository,
    readonly config: Config,
    readonly deps: {
      /** Opening the session records the 'login' activity. */
      sessions: Pick<SessionsService, 'openSession'>;
      accounts: SocialAccountsService;
    },
  ) {}

  settings(): SocialConfig {
    return { enabled: this.enabled, providerName: this.config.OIDC_PROVIDER_NAME };
  }

  /** The provider URL to send the browser to, and the browser-binding secret to keep in its cookie. */
  async authorize(
    mode: SocialMode,
    redirectUri: string,
    now = new Date(),
  ): Promise<{ url: string; browser: string }> {
    const client = await this.client();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const browser = newSecret();
    await this.repo.insertRequest(
      {
        state_hash: digest(state),
        mode,
        nonce,
        code_verifier: codeVerifier,
        browser_hash: digest(browser),
        expires_at: new Date(now.getTime() + SOCIAL_REQUEST_TTL_MS),
      },
      now,
    );
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, browser };
  }

  /**
   * Where the provider's redirect sends the browser: the SPA's login route with the code, which it then posts.
   * A provider error, a missing parameter or another issuer's answer ends at the login page with an error.
   */
  callbackTarget(query: { code?: string; state?: string; iss?: string; error?: string }): string {
    const issuer = this.config.OIDC_ISSUER;
    const fromOurIssuer = query.iss === undefined || (issuer !== undefined && sameUrl(query.iss, issuer));
    if (query.error || !query.code || !query.state || !fromOurIssuer) return '/#/login?socialError=1';
    return `/#/login?${new URLSearchParams({ socialCode: query.code, state: query.state })}`;
  }

  /** POST /api/signInWithGoogle: a session for the user the provider vouches for. */
  async signIn(input: SocialReturn, now = new Date()): Promise<{ sessionId: string }> {
    const identity = await this.identify('signIn', input, now);
    const { accounts } = this.deps;
    let user = await accounts.findBySocialSubject(identity.subject);
    // An existing account is taken over by e-mail only when the provider has verified that address.
    if (!user && identity.email && identity.emailVerified) {
      user = await accounts.findByEmail(identity.email);
      if (user) await accounts.linkSocialSubject(user.id, identity.subject);
    }
    if (!user) throw new AppError('NOT_FOUND', socialMessages.notFound);
    // A provider's word must not skip the authenticator code of an account that has one.
    if (user.twoFactorEnabled)
      throw new AppError('VALIDATION_ERROR', socialMessages.failed, { reason: 'two_factor_required' });
    // Opening the session records the 'login' activity.
    return this.deps.sessions.openSession(user.id, now);
  }

  /**
   * POST /api/signUpWithGoogle: a free-tier user for the provider's verified e-mail address. The scope and
   * permissions are the server's to decide, as for the ordinary sign-up; no session is opened.
   */
  async signUp(input: SocialReturn, now = new Date()): Promise<void> {
    const identity = await this.identify('signUp', input, now);
    // An unverified address could be someone else's, who would then find the account taken.
    if (!identity.email || !identity.emailVerified) {
      throw new AppError('VALIDATION_ERROR', signUpMessages.failed, { reason: 'email_not_verified' });
    }
    // A subject or an address already known answers 409 'This user already exists!'.
    await this.deps.accounts.createSocialUser({
      email: identity.email,
      // A provider without names still gives an address: its local part stands in for the first name.
      firstName: identity.givenName?.trim() || identity.email.split('@')[0] || identity.email,
      lastName: identity.familyName?.trim() ?? '',
      subject: identity.subject,
    });
  }

  private get enabled(): boolean {
    return Boolean(this.config.OIDC_ISSUER && this.config.OIDC_CLIENT_ID);
  }

  /** The provider's configuration, discovered once; a failed discovery is tried again on the next call. */
  private client(): Promise<oidc.Configuration> {
    const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: secret } = this.config;
    if (!issuer || !clientId) return Promise.reject(new AppError('NOT_FOUND', socialDisabledMessage));
    this.discovered ??= oidc
      .discovery(
        new URL(issuer),
        clientId,
        secret,
        // client_secret_basic is the OpenID Connect default; a client without a secret is a public one.
        secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
        {
          execute: issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        },
      )
      .catch((error: unknown) => {
        this.discovered = undefined;
        throw error;
      });
    return this.discovered;
  }

  /**
   * Takes the browser's request for this state (once), exchanges the code with its PKCE verifier and checks
   * the ID token (issuer, audience, expiry, nonce). Any failure answers 400 with the spec's failure text.
   */
  private async identify(mode: SocialMode, input: SocialReturn, now: Date): Promise<SocialIdentity> {
    const failedText = mode === 'signIn' ? socialMessages.failed : signUpMessages.failed;
    const failed = (reason: string) => new AppError('VALIDATION_ERROR', failedText, { reason });
    const client = await this.client();
    if (!input.browser) throw failed('unknown_state');
    const request = await this.repo.takeRequest(digest(input.state), digest(input.browser));
    if (!request || request.mode !== mode || request.expires_at <= now) throw failed('unknown_state');

    const callbackUrl = new URL(input.redirectUri);
    callbackUrl.searchParams.set('code', input.code);
    callbackUrl.searchParams.set('state', input.state);
    // The SPA does not carry `iss` back; the callback checked it, and there is only one provider.
    if (client.serverMetadata().authorization_response_iss_parameter_supported)
      callbackUrl.searchParams.set('iss', client.serverMetadata().issuer);
    try {
      const tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
        pkceCodeVerifier: request.code_verifier,
        expectedState: input.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw failed('no_id_token');
      // Providers that keep profile claims out of the ID token give them at the userinfo endpoint.
      const claims =
        typeof idToken.email === 'string'
          ? idToken
          : { ...(await oidc.fetchUserInfo(client, tokens.access_token, idToken.sub)), ...idToken };
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
      return {
        subject: `${idToken.iss} ${idToken.sub}`,
        email: email || null,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        givenName: typeof claims.given_name === 'string' ? claims.given_name : null,
        familyName: typeof claims.family_name === 'string' ? claims.family_name : null,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw failed(reasonOf(error));
    }
  }
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

/** A short, non-secret reason for a refused exchange: the provider's OAuth error, or the check that failed. */
function reasonOf(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return error.error;
  // openid-client wraps the check that failed ('unexpected ID Token "nonce" claim value') in a generic error.
  const detailed = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return detailed instanceof Error ? detailed.message : 'exchange_failed';
}
