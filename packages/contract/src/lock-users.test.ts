import { describe, expect, it } from 'vitest';
import {
  cardAssignedMessage,
  cardReconfigureMessage,
  createLockUserBody,
  csvLockUserFirstName,
  LOCK_USER_DIVISION_MAX_LENGTH,
  LOCK_USER_EMPLOYEE_ID_MAX_LENGTH,
  LOCK_USER_MOBILE_MAX_DIGITS,
  LOCK_USER_MOBILE_MIN_DIGITS,
  LOCK_USER_NAME_MAX_LENGTH,
  LOCK_USERS_DEFAULT_PAGE_SIZE,
  LOCK_USERS_PAGE_SIZES,
  lockUserDeleteBlockedMessage,
  lockUserMergedName,
  lockUserMessages,
  lockUserMobileFor,
  lockUserMobileMessage,
  lockUsersAddedMessage,
  lockUsersFailedMessage,
  lockUsersQuery,
  lockUsersUpdatedMessage,
  updateLockUserBody,
} from './lock-users.ts';
import { EMAIL_MAX_LENGTH, peopleMessages } from './people.ts';

const base = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  scopeId: 'scope-1',
};
const digits = (count: number) => '12345678901234567890'.slice(0, count);
const messagesOf = (body: Record<string, unknown>) => {
  const result = createLockUserBody.safeParse({ ...base, ...body });
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('lock user names (spec 002 section 5)', () => {
  it('requires first and last name, leading spaces trimmed', () => {
    expect(messagesOf({ firstName: '' })).toEqual([lockUserMessages.firstNameRequired]);
    expect(messagesOf({ firstName: '   ' })).toEqual([lockUserMessages.firstNameRequired]);
    expect(messagesOf({ lastName: '' })).toEqual([lockUserMessages.lastNameRequired]);
    expect(createLockUserBody.parse({ ...base, firstName: '  Ada' }).firstName).toBe('Ada');
  });

  it('takes 1 and 20 characters, refuses 21', () => {
    expect(messagesOf({ firstName: 'A', lastName: 'B' })).toEqual([]);
    const max = 'x'.repeat(LOCK_USER_NAME_MAX_LENGTH);
    expect(messagesOf({ firstName: max, lastName: max })).toEqual([]);
    expect(messagesOf({ firstName: `${max}x` })).toEqual([lockUserMessages.firstNameTooLong]);
    expect(messagesOf({ lastName: `${max}x` })).toEqual([lockUserMessages.lastNameTooLong]);
  });

  it('has the CSV wording', () => {
    expect(csvLockUserFirstName.safeParse('').error?.issues[0]?.message).toBe('First name is required.');
    expect(lockUserMessages.csvLastNameRequired).toBe('Last Name is required.');
  });

  it('merges names', () => {
    expect(lockUserMergedName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(lockUserMergedName('', 'Lovelace')).toBe('Lovelace');
  });
});

describe('Employee Id and Division (at most 20)', () => {
  it('takes 20 and empty, refuses 21', () => {
    const max = 'e'.repeat(LOCK_USER_EMPLOYEE_ID_MAX_LENGTH);
    expect(createLockUserBody.parse({ ...base, employeeId: max, division: '' })).toMatchObject({
      employeeId: max,
      division: null,
    });
    expect(messagesOf({ employeeId: `${max}e` })).toEqual([lockUserMessages.employeeIdTooLong]);
    const division = 'd'.repeat(LOCK_USER_DIVISION_MAX_LENGTH);
    expect(messagesOf({ division })).toEqual([]);
    expect(messagesOf({ division: `${division}d` })).toEqual([lockUserMessages.divisionTooLong]);
  });
});

describe('lock user email', () => {
  it('is required on create, follows the portal pattern, lower-cased', () => {
    expect(messagesOf({ email: '' })[0]).toBe(peopleMessages.emailRequired);
    expect(messagesOf({ email: 'not-an-email' })).toEqual([peopleMessages.invalidEmail]);
    expect(createLockUserBody.parse({ ...base, email: ' Ada@Example.COM ' }).email).toBe('ada@example.com');
    const local = 'a'.repeat(EMAIL_MAX_LENGTH - '@b.io'.length);
    expect(messagesOf({ email: `${local}@b.io` })).toEqual([]);
    expect(messagesOf({ email: `${local}a@b.io` })).toEqual([peopleMessages.invalidEmail]);
  });

  it('may be left out on update', () => {
    expect(updateLockUserBody.parse({ firstName: 'A', lastName: 'B' }).email).toBeUndefined();
  });
});

describe('lock user mobile number', () => {
  it("takes '+' and 11 or 14 digits, and none", () => {
    expect(
      createLockUserBody.parse({ ...base, mobileNo: `+${digits(LOCK_USER_MOBILE_MIN_DIGITS)}` }).mobileNo,
    ).toBe(`+${digits(11)}`);
    expect(messagesOf({ mobileNo: `+${digits(LOCK_USER_MOBILE_MAX_DIGITS)}` })).toEqual([]);
    expect(createLockUserBody.parse({ ...base, mobileNo: '' }).mobileNo).toBeNull();
    expect(createLockUserBody.parse({ ...base, mobileNo: null }).mobileNo).toBeNull();
  });

  it('refuses 10 or 15 digits, no plus, letters, with the number in the message', () => {
    for (const value of [`+${digits(10)}`, `+${digits(15)}`, digits(12), `+${digits(10)}a`]) {
      expect(messagesOf({ mobileNo: value }), value).toEqual([lockUserMobileMessage(value)]);
    }
    expect(lockUserMobileMessage('+123')).toBe('Mobile No accepted format +CountryCodeMobileNo (+123)');
  });

  it('accepts spaces between digits only on the CSV path', () => {
    expect(lockUserMobileFor(true).parse('+49 151 2345 6789')).toBe('+4915123456789');
    expect(lockUserMobileFor(false).safeParse('+49 151 2345 6789').success).toBe(false);
  });
});

describe('card CSN', () => {
  it('takes exactly 10 hex characters (upper-cased), empty is null', () => {
    expect(createLockUserBody.parse({ ...base, cardCSN: '0a1B2c3D4e' }).cardCSN).toBe('0A1B2C3D4E');
    expect(createLockUserBody.parse({ ...base, cardCSN: '' }).cardCSN).toBeNull();
    expect(createLockUserBody.parse({ ...base }).cardCSN).toBeNull();
  });

  it("refuses 9, 11 and non-hex with 'Invalid card id'", () => {
    for (const value of ['0A1B2C3D4', '0A1B2C3D4E5', '0A1B2C3D4G']) {
      expect(messagesOf({ cardCSN: value }), value).toEqual(['Invalid card id']);
    }
  });

  it('is kept when left out of an update, cleared by null', () => {
    expect(updateLockUserBody.parse({ firstName: 'A', lastName: 'B' }).cardCSN).toBeUndefined();
    expect(updateLockUserBody.parse({ firstName: 'A', lastName: 'B', cardCSN: null }).cardCSN).toBeNull();
  });
});

describe('passcode', () => {
  it('takes 4 and 10 digits, refuses 3, 11 and letters', () => {
    expect(messagesOf({ passcode: '1234' })).toEqual([]);
    expect(messagesOf({ passcode: digits(10) })).toEqual([]);
    for (const value of ['123', digits(11), '12a4'])
      expect(messagesOf({ passcode: value })).toEqual([lockUserMessages.invalidPasscode]);
  });
});

describe('lock user messages (spec 002 section 8)', () => {
  it('are verbatim', () => {
    expect(lockUserDeleteBlockedMessage('Ada Lovelace')).toBe(
      'Unable to delete Ada Lovelace as the user is setup on the following lock(s) which are not connected to the Management Server. Please delete from all eLocks and retry.',
    );
    expect(cardAssignedMessage('bob@example.com')).toBe(
      'This card is already assigned to bob@example.com and cannot be assigned to this user.',
    );
    expect(cardReconfigureMessage(['Lock-1', 'Lock-2'])).toBe(
      'This user has been configured to lock(s) Lock-1, Lock-2 with a different card. Please re-configure the access with the new card.',
    );
    expect(lockUsersAddedMessage(3, 4)).toBe('Successfully added 3/4 users');
    expect(lockUsersUpdatedMessage(3, 4)).toBe('Successfully updated 3/4 users');
    expect(lockUsersFailedMessage(1, 4, 'Invalid card id')).toBe('Failed to add 1/4 users - Invalid card id');
    expect(lockUserMessages.headersInvalid).toBe(
      'Headers of selected csv file are not valid, please check and retry',
    );
    expect(lockUserMessages.fileEmpty).toBe('Uploaded file is empty, please check and retry.');
  });
});

describe('lock users list', () => {
  it('pages by 10 by default, 1 to 100', () => {
    expect(LOCK_USERS_PAGE_SIZES).toEqual([10, 25, 50, 100]);
    expect(lockUsersQuery.parse({}).pageSize).toBe(LOCK_USERS_DEFAULT_PAGE_SIZE);
    expect(lockUsersQuery.safeParse({ pageSize: '100' }).success).toBe(true);
    expect(lockUsersQuery.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(lockUsersQuery.safeParse({ pageSize: '0' }).success).toBe(false);
  });
});
