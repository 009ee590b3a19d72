import type { Language } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database, NewUser, User } from '../../db/schema.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { UsersRepository } from './users.repository.ts';
import type { ListOptions, PortalUserChanges, PortalUserRow, UserIdentity } from './users.types.ts';

export const toIdentity = (row: PortalUserRow): UserIdentity => ({
  id: row.id,
  tenantId: row.tenant_id,
  email: row.email,
  twoFactorEnabled: row.two_factor_enabled,
});

/**
 * The user directory: every read and write of a user record that sign-in, two-factor, passwords, portal
 * users and social sign-in need. It decides nothing about who may do what; its callers do.
 */
export class UsersService {
  constructor(private readonly repo: UsersRepository) {}

  /** The same directory inside a transaction another module runs (`trx`), so its writes commit together. */
  within(trx: Kysely<Database>): UsersService {
    return new UsersService(new UsersRepository(trx));
  }

  findById(id: string): Promise<User | undefined> {
    return this.repo.findById(id);
  }

  /** The whole record (credentials included) of this address, any case. */
  findByEmail(email: string): Promise<User | undefined> {
    return this.repo.findByEmail(email);
  }

  /** The signed-in user's record. */
  async sessionUser(principal: Principal): Promise<User> {
    const user = await this.repo.findById(principal.userId);
    if (!user) throw unauthorized();
    return user;
  }

  /** A user's e-mail address; '' when there is no such user. */
  emailOf(userId: string): Promise<string> {
    return this.repo.emailOf(userId);
  }

  /** The addresses of a customer's users holding `permission` (a notice's recipients, docs/webhooks.md). */
  emailsHolding(tenantId: string, permission: string): Promise<string[]> {
    return this.repo.emailsHolding(tenantId, permission);
  }

  /** The user's own language choice (docs/i18n.md). */
  setLanguage(userId: string, language: Language): Promise<void> {
    return this.repo.setLanguage(userId, language);
  }

  /** The language mails to this address are written in, when its user chose one. */
  languageOfEmail(email: string): Promise<Language | null> {
    return this.repo.languageOfEmail(email);
  }

  /** A user as given (the first-start seed, tests); fails when the e-mail is taken. */
  insertUser(user: NewUser): Promise<User> {
    return this.repo.insert(user);
  }

  async updatePasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.repo.updatePasswordHash(userId, passwordHash);
  }

  /** Sets the password from a link and makes the account Active. */
  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.repo.setPassword(userId, passwordHash);
  }

  /** Whether the code's step is newer than the last one accepted; if so, it is the last one now. */
  acceptTotpStep(userId: string, step: number): Promise<boolean> {
    return this.repo.acceptTotpStep(userId, step);
  }

  async setPendingTotpSecret(userId: string, secret: string): Promise<void> {
    await this.repo.setPendingTotpSecret(userId, secret);
  }

  /** Turns 2FA on with the pending secret the code was checked against; false when that secret changed. */
  enableTwoFactor(userId: string, pendingSecret: string, step: number): Promise<boolean> {
    return this.repo.enableTwoFactor(userId, pendingSecret, step);
  }

  disableTwoFactor(userId: string): Promise<void> {
    return this.repo.disableTwoFactor(userId);
  }

  /* ---------- Portal users (no credentials) ---------- */

  list(tenantId: string, options: ListOptions): Promise<{ rows: PortalUserRow[]; total: number }> {
    return this.repo.list(tenantId, options);
  }

  findPortalUserById(id: string): Promise<PortalUserRow | undefined> {
    return this.repo.findPortalUserById(id);
  }

  findPortalUserByEmail(email: string): Promise<PortalUserRow | undefined> {
    return this.repo.findPortalUserByEmail(email);
  }

  findBySocialSubject(subject: string): Promise<PortalUserRow | undefined> {
    return this.repo.findBySocialSubject(subject);
  }

  /** Inserts the user; undefined when the e-mail is already taken. */
  insertPortalUser(user: NewUser): Promise<PortalUserRow | undefined> {
    return this.repo.insertPortalUser(user);
  }

  update(id: string, changes: PortalUserChanges): Promise<PortalUserRow | undefined> {
    return this.repo.update(id, changes);
  }

  /** False when there is no such user. */
  setSocialSubject(id: string, subject: string): Promise<boolean> {
    return this.repo.setSocialSubject(id, subject);
  }

  /** Deletes the user (sessions, trusted devices and links cascade); false when there was none. */
  delete(id: string): Promise<boolean> {
    return this.repo.delete(id);
  }

  async identityByEmail(email: string): Promise<UserIdentity | null> {
    const row = await this.repo.findPortalUserByEmail(email);
    return row ? toIdentity(row) : null;
  }

  async identityBySocialSubject(subject: string): Promise<UserIdentity | null> {
    const row = await this.repo.findBySocialSubject(subject);
    return row ? toIdentity(row) : null;
  }
}
