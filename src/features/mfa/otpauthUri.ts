// The otpauth:// URI an authenticator app reads from the enrolment QR code (the "Key Uri Format"
// that Google Authenticator defined and the others follow). Pure: no I/O.

export const TOTP_ISSUER = 'Keyloft';

export interface TotpParameters {
  /** Base32 shared secret. */
  readonly secretKey: string;
  readonly hashingAlgorithm: string;
  readonly codeLength: number;
  readonly codeIntervalSeconds: number;
}

/**
 * `otpauth://totp/Keyloft:ana%40example.com?secret=…&issuer=Keyloft&algorithm=SHA1&digits=6&period=30`.
 * The label and issuer are percent-encoded, so an address with '+' or ':' survives the app's parser.
 */
export function otpauthUri(parameters: TotpParameters, account: string, issuer: string = TOTP_ISSUER): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = [
    `secret=${encodeURIComponent(parameters.secretKey)}`,
    `issuer=${encodeURIComponent(issuer)}`,
    `algorithm=${encodeURIComponent(parameters.hashingAlgorithm.toUpperCase())}`,
    `digits=${String(parameters.codeLength)}`,
    `period=${String(parameters.codeIntervalSeconds)}`,
  ].join('&');
  return `otpauth://totp/${label}?${query}`;
}

/** The secret as people type it into an app by hand: groups of four. */
export function groupedSecret(secretKey: string): string {
  return secretKey.replace(/(.{4})(?=.)/g, '$1 ');
}
