import { beforeAll, describe, expect, it } from 'vitest';
import { backend, type TestPortal, randomTag as tag } from '../../../test/harness.ts';
import { type Customer, portalUserCalls, portalUsersWorld } from './test-helpers.ts';

describe(`portal users (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alpha: Customer;
  let alphaManager: string;

  beforeAll(async () => {
    ({ portal, root, alpha, alphaManager } = await portalUsersWorld());
  });

  const { list, create, update, newUser, created, updateOf, problems } = portalUserCalls(() => ({
    portal,
    root,
  }));

  describe('field rules (spec 002 section 5)', () => {
    it('accepts names of 1 and 20 characters, strips leading spaces, and refuses 21, empty or blank', async () => {
      const longest = await created(alpha.tenant.id, {
        firstName: 'F'.repeat(20),
        lastName: `  ${'L'.repeat(20)}`,
      });
      expect(longest).toMatchObject({ firstName: 'F'.repeat(20), lastName: 'L'.repeat(20) });
      const shortest = await created(alpha.tenant.id, { firstName: 'F', lastName: 'L' });
      expect(shortest).toMatchObject({ firstName: 'F', lastName: 'L' });

      const refusals: [Record<string, string>, string][] = [
        [{ firstName: 'F'.repeat(21) }, 'Invalid First Name.'],
        [{ firstName: '' }, 'Invalid First Name.'],
        [{ firstName: '   ' }, 'Invalid First Name.'],
        [{ lastName: 'L'.repeat(21) }, 'Invalid Last Name.'],
        [{ lastName: '' }, 'Invalid Last Name.'],
      ];
      for (const [fields, message] of refusals) {
        const body = newUser(alpha.tenant.id, fields);
        const response = await create(root, body);
        expect(response.statusCode).toBe(400);
        expect(problems(response)).toContain(message);
        expect(await portal.services.portalUsers.findByEmail(body.email)).toBeNull();
      }
    });

    it('accepts an e-mail of 40 characters, refuses 41 and malformed ones, stores it trimmed and lower-cased', async () => {
      const ofLength = (length: number) => {
        const tail = `${tag()}@test.com`;
        return `${'e'.repeat(length - tail.length)}${tail}`;
      };
      const forty = ofLength(40);
      expect((await created(alpha.tenant.id, { email: forty })).email).toBe(forty);
      const mixed = `  Mixed.Case+${tag()}@Example.COM `;
      expect((await created(alpha.tenant.id, { email: mixed })).email).toBe(mixed.trim().toLowerCase());
      for (const good of [`a_b-c.${tag()}@x-y.io`, `z${tag()}@sub.domain.org`]) {
        expect((await created(alpha.tenant.id, { email: good })).email).toBe(good);
      }

      const refusals: [string, string][] = [
        [ofLength(41), 'Enter a valid email.'],
        ['', 'Email is required.'],
        ['plain.example.com', 'Enter a valid email.'],
        ['a@b.c', 'Enter a valid email.'],
        ['a@b.comm', 'Enter a valid email.'],
        ['a b@c.com', 'Enter a valid email.'],
        ['a@b', 'Enter a valid email.'],
        ['a!x@b.com', 'Enter a valid email.'],
      ];
      for (const [email, message] of refusals) {
        const response = await create(root, newUser(alpha.tenant.id, { email }));
        expect(response.statusCode, email).toBe(400);
        expect(problems(response)).toContain(message);
      }
    });

    it('accepts a mobile number of 7 and 15 digits with a code, and refuses 6, 16, a code alone or a number without its country', async () => {
      const seven = await created(alpha.tenant.id, { phoneNumber: '+49 1234567', countryShortCode: 'DE' });
      expect(seven).toMatchObject({ phoneNumber: '+49 1234567', countryShortCode: 'DE' });
      const fifteen = await created(alpha.tenant.id, {
        phoneNumber: '+1 123456789012345',
        countryShortCode: 'US',
      });
      expect(fifteen.phoneNumber).toBe('+1 123456789012345');
      expect((await created(alpha.tenant.id, { phoneNumber: '' })).phoneNumber).toBe('');

      for (const phoneNumber of ['+49 123456', '+49 1234567890123456', '+49', '+49 12a4567', '123456']) {
        const response = await create(
          root,
          newUser(alpha.tenant.id, { phoneNumber, countryShortCode: 'DE' }),
        );
        expect(response.statusCode, phoneNumber).toBe(400);
        expect(problems(response)).toContain('Mobile Number is required.');
      }
      // A valid number (7 and 15 digits) without its calling code: the country is what is missing, on
      // create and on update alike (the form gives the same message: one rule in the contract).
      for (const phoneNumber of ['1234567', '123456789012345']) {
        const response = await create(root, newUser(alpha.tenant.id, { phoneNumber, countryShortCode: '' }));
        expect(response.statusCode, phoneNumber).toBe(400);
        expect(problems(response)).toEqual(['Choose the country of the mobile number.']);
      }
      const updated = await update(root, updateOf(seven, { phoneNumber: '1234567', countryShortCode: '' }));
      expect(updated.statusCode).toBe(400);
      expect(problems(updated)).toEqual(['Choose the country of the mobile number.']);
    });

    it('validates the list query at its bounds', async () => {
      const scopeId = alpha.tenant.id;
      for (const pageSize of [1, 100]) expect((await list(root, { scopeId, pageSize })).statusCode).toBe(200);
      for (const pageSize of [0, 101]) expect((await list(root, { scopeId, pageSize })).statusCode).toBe(400);
      expect((await list(root, { scopeId, page: -1 })).statusCode).toBe(400);
      expect((await list(root, { scopeId, search: 's'.repeat(101) })).statusCode).toBe(400);
      expect((await list(root, { scopeId, sortBy: 'password' })).statusCode).toBe(400);
    });

    it('refuses bodies over 16 KiB with 413', async () => {
      const padding = 'x'.repeat(20 * 1024);
      const createResponse = await create(alphaManager, { ...newUser(alpha.tenant.id), padding });
      expect(createResponse.statusCode).toBe(413);
      expect(createResponse.json().code).toBe('PAYLOAD_TOO_LARGE');
      const updateResponse = await update(alphaManager, { id: 'x', padding });
      expect(updateResponse.statusCode).toBe(413);
    });
  });
});
