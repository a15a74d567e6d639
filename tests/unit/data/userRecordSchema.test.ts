import { describe, expect, it } from 'vitest';
import { MalformedRecordError, userRecordFrom } from '../../../src/data/firestore/storedDocuments';
import { sampleUserRecord } from '../../contract/userRepository.contract';

describe('userRecordFrom', () => {
  it('accepts a stored record as it is', () => {
    const record = sampleUserRecord();
    expect(userRecordFrom('users/ana', { ...record })).toEqual(record);
  });

  it('accepts a record without an address as email null', () => {
    const record = { ...sampleUserRecord(), email: null };
    expect(userRecordFrom('users/ana', { ...record })).toEqual(record);
  });

  it.each([
    ['email', 3],
    ['email', undefined],
    ['encryptionSalt', undefined],
    ['kdf', { algorithm: 'MD5', iterations: 1 }],
    ['authProvider', 'facebook'],
    ['teamIds', ['t1', 2]],
    ['pendingTeamKeys', { invite: 3 }],
    ['subscription', { status: 'trialing' }],
  ])('refuses a record whose %s is wrong, naming the field', (field, value) => {
    const data = { ...sampleUserRecord(), [field]: value };
    expect(() => userRecordFrom('users/ana', data)).toThrow(MalformedRecordError);
  });
});
