import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import {
  isCanonicalBase64,
  isFirestoreId,
  parseChangeMemberRole,
  parseCreateTeam,
  parseFinishKeyRotation,
  parseGrantTeamKey,
  parseRotateTeamKey,
  parseTeamOnly,
} from '../../src/teams/validate';
import { KEY, SEALED } from './fixtures';

function refusal(run: () => unknown): { code: string; message: string } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpsError) return { code: error.code, message: error.message };
    throw error;
  }
  return undefined;
}

const TEAM = 'AbCdEfGhIjKlMnOpQrSt';

describe('ids', () => {
  it('accepts Firestore auto ids and Auth uids, refuses paths, dots, reserved names and non-strings', () => {
    expect(isFirestoreId(TEAM)).toBe(true);
    expect(isFirestoreId('uid_with-dash')).toBe(true);
    for (const bad of ['', 'a/b', 'a.b', '..', '__proto__', '__name__', 'x'.repeat(129), 3, null, 'é']) {
      expect(isFirestoreId(bad)).toBe(false);
    }
  });
});

describe('wrapped keys', () => {
  it('accepts canonical base64 of exactly 256 bytes', () => {
    expect(isCanonicalBase64(KEY(9), 256)).toBe(true);
  });

  it('refuses other lengths, whitespace, url-safe and non-canonical encodings', () => {
    expect(isCanonicalBase64(Buffer.alloc(255).toString('base64'), 256)).toBe(false);
    expect(isCanonicalBase64(Buffer.alloc(257).toString('base64'), 256)).toBe(false);
    expect(isCanonicalBase64(`${KEY(9).slice(0, 100)}\n${KEY(9).slice(100)}`, 256)).toBe(false);
    const urlSafe = Buffer.alloc(256, 0xff).toString('base64url');
    expect(isCanonicalBase64(urlSafe.padEnd(344, '='), 256)).toBe(false);
    // The last character before the padding carries unused bits; a non-zero one is not canonical.
    const key = KEY(0);
    const nonCanonical = `${key.slice(0, 341)}B==`;
    expect(Buffer.from(nonCanonical, 'base64')).toHaveLength(256);
    expect(isCanonicalBase64(nonCanonical, 256)).toBe(false);
  });
});

describe('createTeam payload', () => {
  const valid = { teamId: TEAM, name: '  Ops  ', description: '  ', encryptedTeamKey: KEY(1) };

  it('trims the name and omits an empty description', () => {
    expect(parseCreateTeam(valid)).toEqual({ teamId: TEAM, name: 'Ops', encryptedTeamKey: KEY(1) });
    expect(parseCreateTeam({ ...valid, description: ' Night shift ' }).description).toBe('Night shift');
  });

  it('refuses a team name that looks like a link (issue #16 item 5)', () => {
    for (const name of ['Security notice: re-verify at https://evil.example/login', 'Visit www.example', 'evil.example']) {
      expect(refusal(() => parseCreateTeam({ ...valid, name }))).toEqual({
        code: 'invalid-argument',
        message: 'Team name cannot look like a web address (no "://", "www." or names such as example.com)',
      });
    }
  });

  it("refuses a blank name with the spec's message, long texts, unknown fields and bad keys", () => {
    expect(refusal(() => parseCreateTeam({ ...valid, name: '   ' }))).toEqual({ code: 'invalid-argument', message: 'Team name is required' });
    expect(refusal(() => parseCreateTeam({ ...valid, name: 'x'.repeat(101) }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseCreateTeam({ ...valid, description: 'x'.repeat(501) }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseCreateTeam({ ...valid, ownerId: 'someone' }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseCreateTeam({ ...valid, encryptedTeamKey: 'abc' }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseCreateTeam({ ...valid, teamId: 'teams/x' }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseCreateTeam([valid]))?.code).toBe('invalid-argument');
  });
});

describe('member payloads', () => {
  it('refuses unknown roles, non-integer versions, a missing key and unknown fields', () => {
    expect(refusal(() => parseChangeMemberRole({ teamId: TEAM, userId: 'u2', role: 'superuser' }))).toEqual({
      code: 'invalid-argument',
      message: 'Choose Admin, Full Access or View Only',
    });
    expect(refusal(() => parseChangeMemberRole({ teamId: TEAM, userId: 'u2', role: 7 }))?.code).toBe('invalid-argument');
    const grant = { teamId: TEAM, userId: 'u2', keyVersion: 1, encryptedTeamKey: KEY(2) };
    expect(parseGrantTeamKey(grant)).toEqual(grant);
    expect(refusal(() => parseGrantTeamKey({ ...grant, keyVersion: 1.5 }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseGrantTeamKey({ ...grant, keyVersion: 0 }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseGrantTeamKey({ ...grant, encryptedTeamKey: null }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseTeamOnly({ teamId: TEAM, extra: true }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseFinishKeyRotation({ teamId: TEAM, keyVersion: '2' }))?.code).toBe('invalid-argument');
  });
});

describe('rotateTeamKey payload', () => {
  const CHECK = Buffer.alloc(32, 5).toString('base64');
  const valid = { teamId: TEAM, fromVersion: 1, wraps: { owner: KEY(3), admin: KEY(4) }, sealedPreviousKey: SEALED, keyCheck: CHECK };

  it('accepts wraps of member ids to wrapped keys, a 60-byte sealed key and a 32-byte key check', () => {
    expect(parseRotateTeamKey(valid).wraps).toEqual({ owner: KEY(3), admin: KEY(4) });
    expect(parseRotateTeamKey(valid).keyCheck).toBe(CHECK);
  });

  it('refuses a rotation without a key check, or with one of another size', () => {
    const { keyCheck: _check, ...withoutCheck } = valid;
    expect(refusal(() => parseRotateTeamKey(withoutCheck))?.code).toBe('invalid-argument');
    expect(refusal(() => parseRotateTeamKey({ ...valid, keyCheck: SEALED }))?.code).toBe('invalid-argument');
  });

  it('refuses empty wraps, bad member ids, bad wraps and a bad sealed key', () => {
    expect(refusal(() => parseRotateTeamKey({ ...valid, wraps: {} }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseRotateTeamKey({ ...valid, wraps: [KEY(3)] }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseRotateTeamKey({ ...valid, wraps: { 'a.b': KEY(3) } }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseRotateTeamKey({ ...valid, wraps: JSON.parse(`{"__proto__":"${KEY(3)}"}`) as unknown }))?.code).toBe(
      'invalid-argument',
    );
    expect(refusal(() => parseRotateTeamKey({ ...valid, wraps: { owner: 'short' } }))?.code).toBe('invalid-argument');
    expect(refusal(() => parseRotateTeamKey({ ...valid, sealedPreviousKey: KEY(1) }))?.code).toBe('invalid-argument');
  });
});
