import {
  cardAssignedMessage,
  lockUserDeleteBlockedMessage,
  lockUserMessages,
  lockUserMobileMessage,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  blockedDeleteLocks,
  canCreate,
  canUpdate,
  createBody,
  createFormValues,
  fieldErrors,
  type LockUserFormValues,
  lockUserFormSchema,
  replacesCard,
  saveFailure,
  updateBody,
  updateFormValues,
} from './lock-user-form.ts';
import { testLockUser } from './test-lock-user.ts';

const valid = (overrides: Partial<LockUserFormValues> = {}): LockUserFormValues => ({
  ...createFormValues(),
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  ...overrides,
});

describe('lock user form rules (spec 002 section 5 "Lock user")', () => {
  it('requires first and last name, at most 20 characters, leading spaces stripped', () => {
    expect(fieldErrors(valid({ firstName: '' }), 'create').firstName).toBe('First Name is required.');
    expect(fieldErrors(valid({ lastName: '   ' }), 'create').lastName).toBe('Last Name is required.');
    expect(fieldErrors(valid({ firstName: 'A'.repeat(20) }), 'create').firstName).toBeUndefined();
    expect(fieldErrors(valid({ firstName: 'A'.repeat(21) }), 'create').firstName).toBe(
      lockUserMessages.firstNameTooLong,
    );
    expect(lockUserFormSchema.parse(valid({ firstName: '  Ada' })).firstName).toBe('Ada');
  });

  it('takes Employee Id and Division up to 20 characters, empty ones as null', () => {
    expect(fieldErrors(valid({ employeeId: 'E'.repeat(20), division: 'D'.repeat(20) }), 'create')).toEqual(
      {},
    );
    expect(fieldErrors(valid({ employeeId: 'E'.repeat(21) }), 'create').employeeId).toBe(
      lockUserMessages.employeeIdTooLong,
    );
    expect(fieldErrors(valid({ division: 'D'.repeat(21) }), 'create').division).toBe(
      lockUserMessages.divisionTooLong,
    );
    const output = lockUserFormSchema.parse(valid());
    expect(output.employeeId).toBeNull();
    expect(output.division).toBeNull();
  });

  it('requires a valid e-mail on create; on update the e-mail is fixed and not checked', () => {
    expect(fieldErrors(valid({ email: '' }), 'create').email).toBeDefined();
    expect(fieldErrors(valid({ email: 'not-an-email' }), 'create').email).toBeDefined();
    expect(canCreate(valid({ email: 'not-an-email' }))).toBe(false);
    expect(canCreate(valid())).toBe(true);
    expect(fieldErrors(valid({ email: 'legacy without at' }), 'update')).toEqual({});
  });

  it("takes a mobile number of '+' and 11 to 14 digits, with the spec's message", () => {
    expect(fieldErrors(valid({ mobileNo: '+12345678901' }), 'create')).toEqual({}); // 11 digits
    expect(fieldErrors(valid({ mobileNo: '+12345678901234' }), 'create')).toEqual({}); // 14 digits
    expect(fieldErrors(valid({ mobileNo: '+1234567890' }), 'create').mobileNo).toBe(
      lockUserMobileMessage('+1234567890'),
    );
    expect(fieldErrors(valid({ mobileNo: '+123456789012345' }), 'create').mobileNo).toBe(
      lockUserMobileMessage('+123456789012345'),
    );
    expect(fieldErrors(valid({ mobileNo: '12345678901' }), 'create').mobileNo).toBe(
      'Mobile No accepted format +CountryCodeMobileNo (12345678901)',
    );
    expect(fieldErrors(valid({ mobileNo: '+49 1512345678' }), 'create').mobileNo).toBeDefined();
  });

  it("takes a card of exactly 10 hex characters ('Invalid card id'); an empty card is sent as null", () => {
    expect(fieldErrors(valid({ cardCSN: '0123456789' }), 'create')).toEqual({});
    expect(fieldErrors(valid({ cardCSN: 'abcdefABCD' }), 'create')).toEqual({});
    expect(fieldErrors(valid({ cardCSN: '012345678' }), 'create').cardCSN).toBe('Invalid card id');
    expect(fieldErrors(valid({ cardCSN: '0123456789A' }), 'create').cardCSN).toBe('Invalid card id');
    expect(fieldErrors(valid({ cardCSN: '012345678G' }), 'create').cardCSN).toBe('Invalid card id');
    const withoutCard = createBody(lockUserFormSchema.parse(valid({ cardCSN: '' })), 's1');
    expect(withoutCard.cardCSN).toBeNull();
    expect(withoutCard.scopeId).toBe('s1');
    expect(createBody(lockUserFormSchema.parse(valid({ cardCSN: 'abcdef0123' })), 's1').cardCSN).toBe(
      'ABCDEF0123',
    );
  });

  it('enables Update only when something but the e-mail changed and the fields are valid', () => {
    const loaded = testLockUser({ cardCSN: 'ABCDEF0123', mobileNo: '+491512345678' });
    const values = updateFormValues(loaded);
    expect(canUpdate(values, loaded)).toBe(false);
    expect(canUpdate({ ...values, cardCSN: 'abcdef0123' }, loaded)).toBe(false); // same card, other case
    expect(canUpdate({ ...values, division: 'Ops' }, loaded)).toBe(true);
    expect(canUpdate({ ...values, firstName: '' }, loaded)).toBe(false);
    expect(canUpdate({ ...values, cardCSN: 'nope' }, loaded)).toBe(false);
    expect(canUpdate({ ...values, cardCSN: '' }, loaded)).toBe(true);
  });

  it('sends no e-mail on update, and a cleared card as null', () => {
    const loaded = testLockUser({ cardCSN: 'ABCDEF0123' });
    const body = updateBody(lockUserFormSchema.parse({ ...updateFormValues(loaded), cardCSN: '' }));
    expect(body).not.toHaveProperty('email');
    expect(body.cardCSN).toBeNull();
    expect(body.firstName).toBe('Ada');
  });
});

describe('card replacement (spec 002 section 4)', () => {
  it('asks before a new card replaces an old one, not for the same card, a first card or a cleared one', () => {
    const withCard = testLockUser({ cardCSN: 'ABCDEF0123' });
    expect(replacesCard(withCard, '0123456789')).toBe(true);
    expect(replacesCard(withCard, 'abcdef0123')).toBe(false);
    expect(replacesCard(withCard, null)).toBe(false);
    expect(replacesCard(testLockUser(), '0123456789')).toBe(false);
  });
});

describe('refused saves and deletes', () => {
  it('shows a card conflict in its dialog, other refusals in the server words, failures in the spec text', () => {
    const conflict = new ApiError(409, 'CONFLICT', cardAssignedMessage('bob@example.com'));
    expect(saveFailure(conflict, 'create')).toEqual({
      kind: 'cardConflict',
      text: 'This card is already assigned to bob@example.com and cannot be assigned to this user.',
    });
    expect(saveFailure(new ApiError(409, 'CONFLICT', lockUserMessages.emailTaken), 'create')).toEqual({
      kind: 'message',
      text: lockUserMessages.emailTaken,
    });
    expect(saveFailure(new ApiError(500, 'INTERNAL', 'x'), 'create').text).toBe('Failed to create user');
    expect(saveFailure(new Error('offline'), 'update').text).toBe('Failed to update details');
  });

  it('reads the locks of a blocked delete from the 409 details', () => {
    const error = new ApiError(409, 'CONFLICT', lockUserDeleteBlockedMessage('Ada Lovelace'), {
      locks: [
        { macId: 'AA0000000001', name: 'Front door' },
        { macId: 'AA0000000002', name: null },
      ],
    });
    expect(blockedDeleteLocks(error)).toEqual([
      { macId: 'AA0000000001', name: 'Front door' },
      { macId: 'AA0000000002', name: 'AA0000000002' },
    ]);
    expect(blockedDeleteLocks(new ApiError(409, 'CONFLICT', 'other'))).toBeNull();
    expect(blockedDeleteLocks(new ApiError(404, 'NOT_FOUND', 'gone'))).toBeNull();
  });
});
