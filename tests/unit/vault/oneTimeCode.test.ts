import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  canonicalOneTimeCode,
  codeAt,
  ONE_TIME_CODE_ERRORS,
  oneTimeCodeIdentity,
  OneTimeCodeError,
  parseOneTimeCode,
  readOneTimeCode,
  type OtpAlgorithm,
} from '../../../src/features/vault/otp/oneTimeCode';

// RFC 6238, Appendix B: the seeds are the ASCII digits repeated to 20, 32 and 64 bytes; 8 digits, 30 s.
const seed = (length: number) => new Secret({ buffer: new TextEncoder().encode('1234567890'.repeat(7).slice(0, length)).buffer }).base32;
const VECTORS: ReadonlyArray<readonly [number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('one-time codes: RFC 6238 test vectors', () => {
  const settings = (algorithm: OtpAlgorithm, bytes: number) => parseOneTimeCode(`otpauth://totp/RFC?secret=${seed(bytes)}&algorithm=${algorithm}&digits=8&period=30`);
  it.each(VECTORS)('at %i s: SHA1 %s, SHA256 %s, SHA512 %s', (seconds, sha1, sha256, sha512) => {
    expect(codeAt(settings('SHA1', 20), seconds * 1000).code).toBe(sha1);
    expect(codeAt(settings('SHA256', 32), seconds * 1000).code).toBe(sha256);
    expect(codeAt(settings('SHA512', 64), seconds * 1000).code).toBe(sha512);
  });

  it('counts down the seconds the code has left', () => {
    const s = settings('SHA1', 20);
    expect(codeAt(s, 59_000)).toMatchObject({ secondsLeft: 1, period: 30 });
    expect(codeAt(s, 60_000)).toMatchObject({ secondsLeft: 30 });
    expect(codeAt(s, 60_999)).toMatchObject({ secondsLeft: 30 });
    expect(codeAt(s, 61_000)).toMatchObject({ secondsLeft: 29 });
    const minute = parseOneTimeCode(`otpauth://totp/x?secret=${seed(20)}&period=60`);
    expect(codeAt(minute, 59_000)).toMatchObject({ secondsLeft: 1, period: 60 });
  });
});

describe('one-time codes: what the user gives', () => {
  it('takes a setup key as sites show it: spaced, dashed, lower case, padded; SHA1, 6 digits, 30 s', () => {
    const spaced = parseOneTimeCode('  jbsw y3dp-ehpk 3pxp jbsw y3dp ehpk 3pxp== ');
    expect(spaced).toEqual({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', algorithm: 'SHA1', digits: 6, period: 30, issuer: null, account: null });
    expect(codeAt(spaced, 0).code).toMatch(/^\d{6}$/);
  });

  it('takes an otpauth:// link: issuer and account from the label or the issuer parameter, the link’s algorithm, digits and period', () => {
    expect(parseOneTimeCode('otpauth://totp/ACME%20Co:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME%20Co&algorithm=SHA256&digits=8&period=60')).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      algorithm: 'SHA256',
      digits: 8,
      period: 60,
      issuer: 'ACME Co',
      account: 'ana@example.com',
    });
    expect(parseOneTimeCode('OTPAUTH://TOTP/Example:bob?secret=jbswy3dpehpk3pxp')).toMatchObject({ issuer: 'Example', account: 'bob', algorithm: 'SHA1', digits: 6, period: 30 });
    expect(parseOneTimeCode('otpauth://totp/bob?secret=JBSWY3DPEHPK3PXP&issuer=Site&algorithm=sha512')).toMatchObject({ issuer: 'Site', account: 'bob', algorithm: 'SHA512' });
  });

  it('stores one canonical link that reads back as the same settings and codes', () => {
    const link = canonicalOneTimeCode('otpauth://totp/ACME%20Co:ana%40example.com?secret=jbswy3dpehpk3pxp&issuer=ACME%20Co&digits=8&period=45&algorithm=SHA512');
    expect(link.startsWith('otpauth://totp/')).toBe(true);
    expect(parseOneTimeCode(link)).toEqual(parseOneTimeCode('otpauth://totp/ACME%20Co:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME%20Co&digits=8&period=45&algorithm=SHA512'));
    expect(canonicalOneTimeCode(link)).toBe(link);
    const bare = canonicalOneTimeCode('JBSW Y3DP EHPK 3PXP');
    expect(codeAt(parseOneTimeCode(bare), 1_700_000_000_000)).toEqual(codeAt(parseOneTimeCode('JBSWY3DPEHPK3PXP'), 1_700_000_000_000));
  });

  const refused: ReadonlyArray<readonly [string, string]> = [
    ['', ONE_TIME_CODE_ERRORS.secret],
    ['JBSWY3DP', ONE_TIME_CODE_ERRORS.secret],
    ['JBSWY3DPEHPK3PX1', ONE_TIME_CODE_ERRORS.secret],
    ['https://example.com/2fa', ONE_TIME_CODE_ERRORS.format],
    ['otpauth://hotp/ACME:ana?secret=JBSWY3DPEHPK3PXP&counter=1', ONE_TIME_CODE_ERRORS.counter],
    ['otpauth://steam/ACME:ana?secret=JBSWY3DPEHPK3PXP', ONE_TIME_CODE_ERRORS.format],
    ['otpauth://totp/ACME:ana', ONE_TIME_CODE_ERRORS.secret],
    ['otpauth://totp/ACME:ana?secret=NOT-BASE32-0189', ONE_TIME_CODE_ERRORS.secret],
    ['otpauth://totp/ACME:ana?secret=JBSWY3DPEHPK3PXP&algorithm=MD5', ONE_TIME_CODE_ERRORS.algorithm],
    ['otpauth://totp/ACME:ana?secret=JBSWY3DPEHPK3PXP&digits=7', ONE_TIME_CODE_ERRORS.digits],
    ['otpauth://totp/ACME:ana?secret=JBSWY3DPEHPK3PXP&digits=six', ONE_TIME_CODE_ERRORS.digits],
    ['otpauth://totp/ACME:ana?secret=JBSWY3DPEHPK3PXP&period=0', ONE_TIME_CODE_ERRORS.period],
    ['otpauth://totp/ACME:ana?secret=JBSWY3DPEHPK3PXP&period=301', ONE_TIME_CODE_ERRORS.period],
    ['otpauth://totp/ACME:ana?secret=JBSWY3DPEHPK3PXP&period=-30', ONE_TIME_CODE_ERRORS.period],
    ['otpauth://totp/%E0%A4%A?secret=JBSWY3DPEHPK3PXP', ONE_TIME_CODE_ERRORS.format],
    ['otpauth:not a link', ONE_TIME_CODE_ERRORS.format],
  ];
  it.each(refused)('refuses %j with a clear message', (input, message) => {
    expect(() => parseOneTimeCode(input)).toThrow(new OneTimeCodeError(message));
  });
});

// Issue #44: an imported setup key is labelled with its entry, not 'Keyloft'.
describe('one-time codes: an import’s reading', () => {
  const tail = 'secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';

  it('labels a bare setup key Title:username, or the title alone without a username, and the link reads back the same', () => {
    const named = readOneTimeCode('jbsw y3dp ehpk 3pxp', { title: 'Bank', username: 'ana' });
    expect(named).toBe(`otpauth://totp/Bank:ana?issuer=Bank&${tail}`);
    expect(parseOneTimeCode(named ?? '')).toMatchObject({ issuer: 'Bank', account: 'ana' });
    const titled = readOneTimeCode('JBSWY3DPEHPK3PXP', { title: 'Router', username: '  ' });
    expect(titled).toBe(`otpauth://totp/Router?${tail}`);
    for (const link of [named, titled]) expect(canonicalOneTimeCode(link ?? '')).toBe(link);
  });

  it('keeps a link’s own label, labels a key without an owner Keyloft as before, and reads nothing it does not take', () => {
    expect(readOneTimeCode(`otpauth://totp/Site:bob?${tail}`, { title: 'Other', username: 'x' })).toBe(`otpauth://totp/Site:bob?issuer=Site&${tail}`);
    expect(readOneTimeCode('JBSWY3DPEHPK3PXP')).toBe(`otpauth://totp/Keyloft?${tail}`);
    expect(readOneTimeCode('JBSWY3DP', { title: 'T', username: 'u' })).toBeNull();
  });
});

describe('one-time codes: the same code', () => {
  const tail = 'secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';

  it('is the same whatever the label, and another for another key, algorithm, digit count or period', () => {
    const same = oneTimeCodeIdentity(`otpauth://totp/Keyloft?${tail}`);
    expect(oneTimeCodeIdentity(`otpauth://totp/Bank:ana?issuer=Bank&${tail}`)).toBe(same);
    for (const other of ['secret=JBSWY3DPEHPK3PXQ', 'algorithm=SHA256', 'digits=8', 'period=60']) {
      const [name] = other.split('=');
      const changed = tail.replace(new RegExp(`${name ?? ''}=[^&]*`), other);
      expect(oneTimeCodeIdentity(`otpauth://totp/Keyloft?${changed}`)).not.toBe(same);
    }
    expect(oneTimeCodeIdentity('not a code')).toBe('not a code');
  });
});
