// A stand-in for the browser's WebAuthn (navigator.credentials and PublicKeyCredential) over a
// software authenticator: credentials with a PRF secret each, PRF computed as CTAP2's hmac-secret
// would (HMAC-SHA256 of the secret over WebAuthn's salt, SHA-256("WebAuthn PRF" ‖ 0x00 ‖ input)).
// For the component tier; the browser tier uses Chromium's own virtual authenticator.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { BrowserWebAuthn, CredentialsPort } from '../../src/features/passkeys';

export interface StandInOptions {
  /** Whether the authenticator has PRF (hmac-secret); true unless told. */
  readonly prf?: boolean;
  /** What getClientCapabilities says of PRF; omitted: the browser has no getClientCapabilities. */
  readonly browserPrf?: boolean;
  /** No WebAuthn at all (an old or locked-down browser). */
  readonly absent?: boolean;
}

interface Held {
  readonly id: Uint8Array;
  readonly secret: Buffer;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

function bytesOf(source: BufferSource): Buffer {
  return ArrayBuffer.isView(source) ? Buffer.from(source.buffer, source.byteOffset, source.byteLength) : Buffer.from(source);
}

/** The PRF output this authenticator gives for `input` by credential `secret`. */
function prf(secret: Buffer, input: BufferSource): Uint8Array {
  const salt = createHash('sha256').update(Buffer.concat([Buffer.from('WebAuthn PRF', 'utf8'), Buffer.from([0]), bytesOf(input)])).digest();
  return new Uint8Array(createHmac('sha256', secret).update(salt).digest());
}

function answer(id: Uint8Array, extensions: Record<string, unknown>): Credential {
  return {
    id: b64url(id),
    type: 'public-key',
    rawId: id.slice().buffer,
    getClientExtensionResults: () => extensions,
  } as unknown as Credential;
}

export class StandInAuthenticator implements CredentialsPort {
  readonly held: Held[] = [];
  /** The next call is refused as the user cancelling it (NotAllowedError). */
  cancelNext = false;
  readonly calls: { kind: 'create' | 'get'; options: CredentialCreationOptions | CredentialRequestOptions }[] = [];

  constructor(private readonly options: StandInOptions = {}) {}

  /** The user's refusal, when the next call is to be cancelled. */
  private refusal(): DOMException | null {
    if (!this.cancelNext) return null;
    this.cancelNext = false;
    return new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
  }

  create(options: CredentialCreationOptions): Promise<Credential | null> {
    this.calls.push({ kind: 'create', options });
    const refused = this.refusal();
    if (refused !== null) return Promise.reject(refused);
    const excluded = (options.publicKey?.excludeCredentials ?? []).map((each) => b64url(bytesOf(each.id)));
    if (this.held.some((each) => excluded.includes(b64url(each.id)))) return Promise.reject(new DOMException('Already registered', 'InvalidStateError'));
    const held = { id: new Uint8Array(randomBytes(16)), secret: randomBytes(32) };
    this.held.push(held);
    // Like most authenticators: PRF enabled at creation, its output only at an assertion.
    return Promise.resolve(answer(held.id, { prf: { enabled: this.options.prf !== false } }));
  }

  get(options: CredentialRequestOptions): Promise<Credential | null> {
    this.calls.push({ kind: 'get', options });
    const refused = this.refusal();
    if (refused !== null) return Promise.reject(refused);
    const allowed = (options.publicKey?.allowCredentials ?? []).map((each) => b64url(bytesOf(each.id)));
    const held = this.held.find((each) => allowed.includes(b64url(each.id)));
    if (held === undefined) return Promise.reject(new DOMException('No credential', 'NotAllowedError'));
    const request = (options.publicKey?.extensions)?.prf;
    const input = request?.evalByCredential?.[b64url(held.id)]?.first ?? request?.eval?.first;
    const extensions = this.options.prf === false || input === undefined ? {} : { prf: { results: { first: prf(held.secret, input) } } };
    return Promise.resolve(answer(held.id, extensions));
  }

  /** The PRF output this authenticator gives for a stored (base64) input, to check a wrap from outside. */
  prfFor(credentialId: string, prfSaltBase64: string): Uint8Array {
    const held = this.held.find((each) => b64url(each.id) === credentialId);
    if (held === undefined) throw new Error(`no credential ${credentialId}`);
    return prf(held.secret, new Uint8Array(Buffer.from(prfSaltBase64, 'base64')));
  }
}

/** The browser's WebAuthn as the passkey code reads it, over `authenticator`. */
export function standInBrowser(authenticator: StandInAuthenticator, options: StandInOptions = {}): BrowserWebAuthn {
  if (options.absent === true) return { isSecureContext: true };
  const browserPrf = options.browserPrf;
  return {
    isSecureContext: true,
    credentials: authenticator,
    PublicKeyCredential:
      browserPrf === undefined ? {} : { getClientCapabilities: () => Promise.resolve({ 'extension:prf': browserPrf }) },
  };
}
