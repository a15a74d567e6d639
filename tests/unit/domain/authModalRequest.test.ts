import { describe, expect, it } from 'vitest';
import { authModalState, parseAuthModalRequest } from '@keyloft/contract/authModalRequest';

describe('authModalState', () => {
  it('builds a signup or login request with no extras', () => {
    expect(authModalState(true)).toStrictEqual({ openModal: true, signup: true });
    expect(authModalState(false)).toStrictEqual({ openModal: true, signup: false });
  });

  it('carries the invite id, shared secret and trimmed email', () => {
    expect(authModalState(true, { inviteId: 'inv1', sharedSecret: 's3cr3t', email: '  ada@example.com ' })).toStrictEqual({
      openModal: true,
      signup: true,
      inviteId: 'inv1',
      sharedSecret: 's3cr3t',
      email: 'ada@example.com',
    });
  });

  it('leaves out extras that are undefined or empty', () => {
    expect(authModalState(false, { inviteId: '', sharedSecret: undefined, email: '   ' })).toStrictEqual({
      openModal: true,
      signup: false,
    });
  });

  it('is plain data that survives structured cloning (history state)', () => {
    const state = authModalState(false, { inviteId: 'inv1', email: 'a@b.co' });
    expect(structuredClone(state)).toStrictEqual(state);
  });
});

describe('parseAuthModalRequest', () => {
  it('round-trips what authModalState builds', () => {
    const states = [
      authModalState(true),
      authModalState(false),
      authModalState(true, { inviteId: 'inv1', sharedSecret: 'abc', email: 'x@y.z' }),
      authModalState(false, { inviteId: 'inv1', email: 'x@y.z' }),
    ];
    for (const state of states) expect(parseAuthModalRequest(state)).toStrictEqual(state);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'openModal'],
    ['a number', 1],
    ['an array', [true, true]],
    ['an empty object', {}],
    ['openModal missing', { signup: true }],
    ['openModal false', { openModal: false, signup: true }],
    ['openModal a truthy string', { openModal: 'true', signup: true }],
    ['openModal 1', { openModal: 1, signup: false }],
    ['signup missing', { openModal: true }],
    ['signup a string', { openModal: true, signup: 'true' }],
    ['signup null', { openModal: true, signup: null }],
    ['unrelated router state', { from: '/billing' }],
  ])('returns null for %s', (_label, state) => {
    expect(parseAuthModalRequest(state)).toBeNull();
  });

  it('drops optional fields that are not strings, keeping the request', () => {
    expect(
      parseAuthModalRequest({ openModal: true, signup: true, inviteId: 42, sharedSecret: { k: 1 }, email: ['a@b.c'] }),
    ).toStrictEqual({ openModal: true, signup: true });
  });

  it('drops empty strings and trims the email', () => {
    expect(
      parseAuthModalRequest({ openModal: true, signup: false, inviteId: '', sharedSecret: '', email: '\t a@b.co \n' }),
    ).toStrictEqual({ openModal: true, signup: false, email: 'a@b.co' });
    expect(parseAuthModalRequest({ openModal: true, signup: false, email: '   ' })).toStrictEqual({
      openModal: true,
      signup: false,
    });
  });

  it('does not trim the invite id or the shared secret', () => {
    expect(parseAuthModalRequest({ openModal: true, signup: true, inviteId: ' id ', sharedSecret: ' s ' })).toStrictEqual({
      openModal: true,
      signup: true,
      inviteId: ' id ',
      sharedSecret: ' s ',
    });
  });

  it('ignores unknown keys', () => {
    expect(parseAuthModalRequest({ openModal: true, signup: true, extra: 'x', usr: { a: 1 } })).toStrictEqual({
      openModal: true,
      signup: true,
    });
  });

  it('returns a new object, not the state it was given', () => {
    const state = { openModal: true, signup: true };
    expect(parseAuthModalRequest(state)).not.toBe(state);
  });
});
