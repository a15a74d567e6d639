import { Secret, TOTP, URI } from 'otpauth';

// One-time codes (TOTP, RFC 6238) kept in an entry's sealed details (issue #23). The user gives a
// setup key (the base32 secret a site shows beside its QR code) or the otpauth:// link the QR code
// holds; the entry keeps it as one canonical otpauth:// link, which is also what export writes and
// what every password manager imports. The codes come from the otpauth library; what is decided
// here is what we accept and the messages for what we do not. Pure: no clock, no I/O.

export type OtpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

export interface OneTimeCodeSettings {
  /** Base32, upper case, no padding or spaces. */
  readonly secret: string;
  readonly algorithm: OtpAlgorithm;
  readonly digits: 6 | 8;
  /** Seconds each code lasts. */
  readonly period: number;
  readonly issuer: string | null;
  readonly account: string | null;
}

export const ONE_TIME_CODE_ERRORS = {
  format: 'Enter the setup key (letters A–Z and digits 2–7) or an otpauth:// link.',
  counter: 'Only time-based one-time codes (TOTP) are supported, not counter-based ones (HOTP).',
  secret: 'The setup key is not valid: it has letters A–Z and digits 2–7, at least 16 of them.',
  algorithm: 'The one-time code uses an algorithm Keyloft does not support (SHA1, SHA256 or SHA512 are).',
  digits: 'One-time codes of 6 or 8 digits are supported.',
  period: 'The code period must be a whole number of seconds from 1 to 300.',
} as const;

export class OneTimeCodeError extends Error {
  override readonly name = 'OneTimeCodeError';
}

const ALGORITHMS: ReadonlySet<string> = new Set<OtpAlgorithm>(['SHA1', 'SHA256', 'SHA512']);
// 80 bits: the shortest secret sites issue (RFC 4226 asks for 128); shorter is a typing slip.
const MIN_SECRET_CHARS = 16;
const MAX_PERIOD = 300;
const BASE32 = /^[A-Z2-7]+$/;

/** The secret as typed or as a link holds it: spaces, dashes and padding dropped, upper case. */
function normalSecret(raw: string): string {
  const secret = raw.replace(/[\s-]/g, '').replace(/=+$/, '').toUpperCase();
  if (secret.length < MIN_SECRET_CHARS || !BASE32.test(secret)) throw new OneTimeCodeError(ONE_TIME_CODE_ERRORS.secret);
  return secret;
}

function settingsOf(secret: string, algorithm: string, digits: number, period: number, issuer: string | null, account: string | null): OneTimeCodeSettings {
  const upper = algorithm.toUpperCase().replace('-', '');
  if (!ALGORITHMS.has(upper)) throw new OneTimeCodeError(ONE_TIME_CODE_ERRORS.algorithm);
  if (digits !== 6 && digits !== 8) throw new OneTimeCodeError(ONE_TIME_CODE_ERRORS.digits);
  if (!Number.isSafeInteger(period) || period < 1 || period > MAX_PERIOD) throw new OneTimeCodeError(ONE_TIME_CODE_ERRORS.period);
  return { secret: normalSecret(secret), algorithm: upper as OtpAlgorithm, digits, period, issuer, account };
}

/** A whole positive number as a link writes it, or NaN. */
function whole(value: string | null, fallback: number): number {
  if (value === null) return fallback;
  return /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

function fromLink(text: string): OneTimeCodeSettings {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OneTimeCodeError(ONE_TIME_CODE_ERRORS.format);
  }
  const kind = url.host.toLowerCase();
  if (kind === 'hotp') throw new OneTimeCodeError(ONE_TIME_CODE_ERRORS.counter);
  if (kind !== 'totp') throw new OneTimeCodeError(ONE_TIME_CODE_ERRORS.format);
  const parameters = url.searchParams;
  const secret = parameters.get('secret');
  if (secret === null) throw new OneTimeCodeError(ONE_TIME_CODE_ERRORS.secret);
  // The label is "Issuer:account" or "account"; the issuer parameter wins where both are given.
  let label: string;
  try {
    label = decodeURIComponent(url.pathname.replace(/^\//, ''));
  } catch {
    throw new OneTimeCodeError(ONE_TIME_CODE_ERRORS.format);
  }
  const colon = label.indexOf(':');
  const labelIssuer = colon === -1 ? null : label.slice(0, colon).trim();
  const account = (colon === -1 ? label : label.slice(colon + 1)).trim();
  const issuer = parameters.get('issuer')?.trim() || labelIssuer || null;
  return settingsOf(
    secret,
    parameters.get('algorithm') ?? 'SHA1',
    whole(parameters.get('digits'), 6),
    whole(parameters.get('period'), 30),
    issuer,
    account === '' ? null : account,
  );
}

/**
 * The settings a setup key or an otpauth:// link gives; throws OneTimeCodeError with the message to
 * show for anything else (a counter-based link, a bad key, an algorithm, digit count or period we
 * do not take).
 */
export function parseOneTimeCode(input: string): OneTimeCodeSettings {
  const text = input.trim();
  if (/^otpauth:/i.test(text)) return fromLink(text);
  if (text.includes(':') || text.includes('/')) throw new OneTimeCodeError(ONE_TIME_CODE_ERRORS.format);
  return settingsOf(text, 'SHA1', 6, 30, null, null);
}

function totpOf(settings: OneTimeCodeSettings): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(settings.secret),
    algorithm: settings.algorithm,
    digits: settings.digits,
    period: settings.period,
    ...(settings.issuer === null ? {} : { issuer: settings.issuer }),
    label: settings.account ?? settings.issuer ?? 'Keyloft',
  });
}

/** The one canonical otpauth:// link an entry stores and export writes. */
export function oneTimeCodeLink(settings: OneTimeCodeSettings): string {
  return URI.stringify(totpOf(settings));
}


/** The entry an imported code belongs to (issue #44): what a bare setup key's link is labelled with. */
export interface OneTimeCodeOwner {
  readonly title: string;
  readonly username: string;
}

// The otpauth label is "issuer:account": neither part may hold a colon of its own (Google's Key
// Uri Format), or the link would read back split in the wrong place.
const labelPart = (text: string): string | null => text.replaceAll(':', ' ').replace(/\s+/g, ' ').trim() || null;

/**
 * A setup key has no label of its own: without an owner its link would be labelled 'Keyloft'. With
 * one, 'Title:username' (issuer the title) as a site's QR code has it; without a username, the
 * title alone as the account (an issuer without an account would read back as the title twice).
 */
function ownedBy(settings: OneTimeCodeSettings, owner: OneTimeCodeOwner): OneTimeCodeSettings {
  const title = labelPart(owner.title);
  const username = labelPart(owner.username);
  return username === null ? { ...settings, issuer: null, account: title } : { ...settings, issuer: title, account: username };
}

/**
 * An entry's stored value (a link) or what the user typed, as the link to store; throws
 * OneTimeCodeError. A bare setup key is labelled with its `owner`, the entry's title and username
 * (issue #44: typed in the form or imported alike); a link keeps its own label.
 */
export function canonicalOneTimeCode(input: string, owner?: OneTimeCodeOwner): string {
  const settings = parseOneTimeCode(input);
  const isLink = /^otpauth:/i.test(input.trim());
  return oneTimeCodeLink(isLink || owner === undefined ? settings : ownedBy(settings, owner));
}

/**
 * What makes two stored codes the same code: the numbers they generate (key, algorithm, digits,
 * period), not the label an authenticator app shows. A value that does not read is itself.
 */
export function oneTimeCodeIdentity(link: string): string {
  try {
    const { secret, algorithm, digits, period } = parseOneTimeCode(link);
    return JSON.stringify([secret, algorithm, digits, period]);
  } catch (error) {
    if (error instanceof OneTimeCodeError) return link;
    throw error;
  }
}

/** canonicalOneTimeCode, or null for a value that is not a code we take (an import's reading). */
export function readOneTimeCode(input: string, owner?: OneTimeCodeOwner): string | null {
  try {
    return canonicalOneTimeCode(input, owner);
  } catch (error) {
    if (error instanceof OneTimeCodeError) return null;
    throw error;
  }
}

export interface CurrentCode {
  readonly code: string;
  /** Whole seconds until the next code (from `period` down to 1). */
  readonly secondsLeft: number;
  readonly period: number;
}

/** The code at `now` (epoch milliseconds) and how long it lasts. */
export function codeAt(settings: OneTimeCodeSettings, now: number): CurrentCode {
  const code = totpOf(settings).generate({ timestamp: now });
  const elapsed = Math.floor(now / 1000) % settings.period;
  return { code, secondsLeft: settings.period - elapsed, period: settings.period };
}
