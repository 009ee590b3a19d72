import { NAME_MAX_LENGTH, signUpMessages, stripLeadingSpace } from '@portal/contract';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SignUpService } from '../portal-users/index.ts';
import type { UserIdentity, UsersService } from '../users/index.ts';

/** A name from the identity provider, cut to the portal's rule (leading spaces off, at most 20). */
const providerName = (name: string) => stripLeadingSpace(name).slice(0, NAME_MAX_LENGTH);

export interface SocialAccountsDependencies {
  users: Pick<
    UsersService,
    'findBySocialSubject' | 'setSocialSubject' | 'identityByEmail' | 'identityBySocialSubject'
  >;
  /** Enrols a new user in the general users scope as a sign-up does. */
  signUp: Pick<SignUpService, 'enrol'>;
}

/** Portal users as the identity provider knows them: by its subject, or by a verified e-mail address. */
export class SocialAccountsService {
  constructor(private readonly deps: SocialAccountsDependencies) {}

  /** A user signing up through the social identity provider: no password, the provider's subject kept. */
  async createSocialUser(person: {
    email: string;
    firstName: string;
    lastName: string;
    subject: string;
  }): Promise<UserIdentity> {
    if (await this.deps.users.findBySocialSubject(person.subject))
      throw new AppError('CONFLICT', signUpMessages.exists);
    const row = await this.deps.signUp.enrol({
      email: person.email.trim().toLowerCase(),
      first_name: providerName(person.firstName),
      last_name: providerName(person.lastName),
      password_hash: null,
      social_login: true,
      social_subject: person.subject,
    });
    return {
      id: row.id,
      tenantId: row.tenant_id,
      email: row.email,
      twoFactorEnabled: row.two_factor_enabled,
    };
  }

  findBySocialSubject(subject: string): Promise<UserIdentity | null> {
    return this.deps.users.identityBySocialSubject(subject);
  }

  findByEmail(email: string): Promise<UserIdentity | null> {
    return this.deps.users.identityByEmail(email);
  }

  /** Lets an existing user sign in with the provider from now on. */
  async linkSocialSubject(userId: string, subject: string): Promise<void> {
    const holder = await this.deps.users.findBySocialSubject(subject);
    if (holder && holder.id !== userId) throw new AppError('CONFLICT', signUpMessages.exists);
    if (!(await this.deps.users.setSocialSubject(userId, subject))) throw notFound('User');
  }
}
