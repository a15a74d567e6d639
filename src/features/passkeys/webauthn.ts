import { base64UrlToBytes, bytesToBase64Url, randomBytes } from '../../crypto';

// The browser's WebAuthn, as passkey unlock uses it (docs/crypto.md, "Unlock with a passkey"): a
// credential made with the PRF extension, and PRF outputs for a stored input. Only the PRF output
// matters here: nothing checks the assertion's signature (no server verifies it, and the vault
// key's wrap opens only with the right PRF output), so the challenge is random and discarded.

/** navigator.credentials, or a stand-in in tests. */
export interface CredentialsPort {
  create(options: CredentialCreationOptions): Promise<Credential | null>;
  get(options: CredentialRequestOptions): Promise<Credential | null>;
}

/** What this browser can do: 'prf' (passkeys with PRF, or PRF not ruled out), or why not. */
export type PasskeySupport = { readonly kind: 'prf' } | { readonly kind: 'none'; readonly reason: string };

export const PASSKEY_MESSAGES = {
  noWebAuthn: 'This browser cannot use passkeys, so it offers no passkey unlock. Your master password unlocks your vault.',
  noPrf:
    'This browser cannot derive a key from a passkey (the WebAuthn PRF extension), so passkeys cannot unlock your vault here. Your master password unlocks it.',
  authenticatorNoPrf:
    'This passkey cannot derive a key (its authenticator lacks the WebAuthn PRF extension), so it cannot unlock your vault. Nothing was saved; try another passkey provider, such as your browser’s or your phone’s.',
  cancelled: 'The passkey request was cancelled or timed out.',
  alreadyRegistered: 'This passkey is already registered.',
  failed: 'The passkey did not answer. Please try again.',
} as const;

/** A passkey step that did not give a PRF output; `message` is for the user. */
export class PasskeyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PasskeyError';
  }
}

/** The browser's own: window.PublicKeyCredential and navigator.credentials. */
export interface BrowserWebAuthn {
  readonly PublicKeyCredential?: { getClientCapabilities?: () => Promise<Record<string, boolean | undefined>> };
  readonly credentials?: CredentialsPort;
  readonly isSecureContext?: boolean;
}

/** This page's WebAuthn, read when asked (not at import). */
export function browserWebAuthn(): BrowserWebAuthn {
  const scope = globalThis as unknown as { PublicKeyCredential?: BrowserWebAuthn['PublicKeyCredential']; isSecureContext?: boolean };
  const credentials = typeof navigator === 'undefined' ? undefined : (navigator.credentials as CredentialsPort | undefined);
  return { PublicKeyCredential: scope.PublicKeyCredential, credentials, isSecureContext: scope.isSecureContext };
}

/**
 * Whether passkeys can unlock here. A browser that says it lacks PRF (getClientCapabilities) is
 * 'none'; one that cannot say is tried, and a passkey without PRF is refused when it answers.
 */
export async function passkeySupport(browser: BrowserWebAuthn): Promise<PasskeySupport> {
  if (browser.PublicKeyCredential === undefined || browser.credentials === undefined || browser.isSecureContext === false) {
    return { kind: 'none', reason: PASSKEY_MESSAGES.noWebAuthn };
  }
  const capabilities = await browser.PublicKeyCredential.getClientCapabilities?.().catch(() => undefined);
  if (capabilities?.['extension:prf'] === false) return { kind: 'none', reason: PASSKEY_MESSAGES.noPrf };
  return { kind: 'prf' };
}

/** The account a new passkey is for, as the authenticator shows it. */
export interface PasskeyAccount {
  readonly uid: string;
  readonly email: string | null;
}

/** A credential the authenticator made, with its PRF output when it gave one at creation. */
export interface CreatedPasskey {
  readonly credentialId: string;
  readonly prfOutput: Uint8Array | null;
}

/** A public-key credential's parts this module reads. */
interface PublicKeyCredentialLike {
  readonly rawId: ArrayBuffer;
  getClientExtensionResults(): { prf?: { enabled?: boolean; results?: { first?: BufferSource } } };
}

const TIMEOUT_MS = 120_000;

/** Makes a passkey with the PRF extension; throws PasskeyError (its message for the user) when it cannot. */
export async function createPasskey(
  credentials: CredentialsPort,
  account: PasskeyAccount,
  prfSalt: Uint8Array<ArrayBuffer>,
  existingIds: readonly string[],
): Promise<CreatedPasskey> {
  const label = account.email ?? 'Keyloft account';
  const created = await ask(() =>
    credentials.create({
      publicKey: {
        rp: { name: 'Keyloft' },
        user: { id: new TextEncoder().encode(account.uid), name: label, displayName: label },
        challenge: randomBytes(32),
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        excludeCredentials: existingIds.map((id) => ({ type: 'public-key', id: base64UrlToBytes(id) })),
        extensions: { prf: { eval: { first: prfSalt } } },
        timeout: TIMEOUT_MS,
      },
    }),
  );
  const prf = created.getClientExtensionResults().prf;
  // A browser that knows PRF says whether the authenticator has it; one that does not says nothing.
  if (prf?.enabled !== true && prf?.results?.first === undefined) throw new PasskeyError(PASSKEY_MESSAGES.authenticatorNoPrf);
  return { credentialId: bytesToBase64Url(new Uint8Array(created.rawId)), prfOutput: outputOf(prf.results?.first) };
}

/** One PRF evaluation by any of `passkeys` (each with its own input); which answered, and its output. */
export async function evaluatePrf(
  credentials: CredentialsPort,
  passkeys: readonly { readonly credentialId: string; readonly prfSalt: Uint8Array<ArrayBuffer> }[],
): Promise<{ credentialId: string; prfOutput: Uint8Array }> {
  const evalByCredential = Object.fromEntries(passkeys.map(({ credentialId, prfSalt }) => [credentialId, { first: prfSalt }]));
  const asserted = await ask(() =>
    credentials.get({
      publicKey: {
        challenge: randomBytes(32),
        allowCredentials: passkeys.map(({ credentialId }) => ({ type: 'public-key', id: base64UrlToBytes(credentialId) })),
        userVerification: 'required',
        extensions: { prf: { evalByCredential } },
        timeout: TIMEOUT_MS,
      },
    }),
  );
  const credentialId = bytesToBase64Url(new Uint8Array(asserted.rawId));
  const prfOutput = outputOf(asserted.getClientExtensionResults().prf?.results?.first);
  if (prfOutput === null) throw new PasskeyError(PASSKEY_MESSAGES.authenticatorNoPrf);
  return { credentialId, prfOutput };
}

function outputOf(first: BufferSource | undefined): Uint8Array | null {
  if (first === undefined) return null;
  return ArrayBuffer.isView(first) ? new Uint8Array(first.buffer, first.byteOffset, first.byteLength).slice() : new Uint8Array(first.slice(0));
}

/** Runs a WebAuthn call: its refusals become PasskeyError with the user's message. */
async function ask(call: () => Promise<Credential | null>): Promise<PublicKeyCredentialLike> {
  let answer: Credential | null;
  try {
    answer = await call();
  } catch (cause) {
    const name = cause instanceof Error || (typeof cause === 'object' && cause !== null && 'name' in cause) ? (cause).name : '';
    if (name === 'NotAllowedError' || name === 'AbortError') throw new PasskeyError(PASSKEY_MESSAGES.cancelled, { cause });
    if (name === 'InvalidStateError') throw new PasskeyError(PASSKEY_MESSAGES.alreadyRegistered, { cause });
    throw new PasskeyError(PASSKEY_MESSAGES.failed, { cause });
  }
  if (answer === null || !('rawId' in answer) || !('getClientExtensionResults' in answer)) throw new PasskeyError(PASSKEY_MESSAGES.failed);
  return answer as unknown as PublicKeyCredentialLike;
}
