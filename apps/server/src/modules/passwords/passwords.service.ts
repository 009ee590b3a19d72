import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ThrottleService } from '../throttle/throttle.service.ts';

// STUB: the passwords work fills this in (forgot / reset, single-use expiring links, first-password links).
export class PasswordsService {
  constructor(
    readonly db: Kysely<Database>,
    readonly deps: { mailer: Mailer; throttle: ThrottleService; publicUrl?: string },
  ) {}

  /** Mails the user a link to set a first password (new portal user, sign-up). */
  async sendActivationLink(
    _user: { id: string; email: string; firstName: string },
    _origin: string,
  ): Promise<void> {}
}
