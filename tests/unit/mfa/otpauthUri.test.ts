import { Secret, URI, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { TOTP_ISSUER, groupedSecret, otpauthUri } from '../../../src/features/mfa/otpauthUri';

const parameters = (secretKey: string) => ({ secretKey, hashingAlgorithm: 'SHA1', codeLength: 6, codeIntervalSeconds: 30 });

describe('otpauthUri', () => {
  it('is a TOTP key URI an authenticator parser reads back: issuer Keyloft, the account, the secret and its parameters', () => {
    const secret = new Secret();
    const parsed = URI.parse(otpauthUri(parameters(secret.base32), 'ana@example.com'));
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed.issuer).toBe(TOTP_ISSUER);
    expect(parsed.label).toBe('ana@example.com');
    expect(parsed.secret.base32).toBe(secret.base32);
    expect(parsed).toMatchObject({ algorithm: 'SHA1', digits: 6, period: 30 });
  });

  it('encodes an address with "+" or ":" so the label survives', () => {
    const uri = otpauthUri(parameters('JBSWY3DPEHPK3PXP'), 'ana+vault:work@example.com');
    expect(uri.startsWith('otpauth://totp/Keyloft:ana%2Bvault%3Awork%40example.com?')).toBe(true);
    expect(URI.parse(uri).label).toBe('ana+vault:work@example.com');
  });

  it('carries the service’s algorithm, digits and period, upper-casing the algorithm', () => {
    const parsed = URI.parse(otpauthUri({ secretKey: 'JBSWY3DPEHPK3PXP', hashingAlgorithm: 'sha256', codeLength: 8, codeIntervalSeconds: 60 }, 'a@b.co'));
    expect(parsed).toMatchObject({ algorithm: 'SHA256', digits: 8, period: 60 });
  });

  it('groups the secret in fours for typing by hand', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF');
    expect(groupedSecret('')).toBe('');
  });
});
