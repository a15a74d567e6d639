import { concatBytes, utf8Decode, utf8Encode } from './encoding';
import { InvalidKeyError } from './errors';

// The SSH wire encoding (RFC 4251 §5) that key blobs and OpenSSH's private key file are made of:
// uint32 big-endian, and "string" as a uint32 length followed by that many bytes.

/** Key text that is not what it claims to be: the message says what is wrong, for the form. */
export class SshKeyError extends InvalidKeyError {
  override name = 'SshKeyError';
}

export class SshReader {
  private at = 0;

  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.at === this.bytes.length;
  }

  get remaining(): number {
    return this.bytes.length - this.at;
  }

  bytesOf(length: number): Uint8Array {
    if (length > this.remaining) throw new SshKeyError('The key data ends too early.');
    const out = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }

  byte(): number {
    return this.bytesOf(1)[0] ?? 0;
  }

  uint32(): number {
    const [a = 0, b = 0, c = 0, d = 0] = this.bytesOf(4);
    return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  }

  string(): Uint8Array {
    return this.bytesOf(this.uint32());
  }

  text(): string {
    try {
      return utf8Decode(this.string());
    } catch (cause) {
      throw new SshKeyError('The key data holds text that is not UTF-8.', { cause });
    }
  }

  /** Fails unless every byte was read: trailing bytes would make two blobs for one key. */
  end(): void {
    if (!this.done) throw new SshKeyError('The key data has bytes after its end.');
  }
}

export function uint32Bytes(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

export function sshString(value: Uint8Array | string): Uint8Array {
  const bytes = typeof value === 'string' ? utf8Encode(value) : value;
  return concatBytes(uint32Bytes(bytes.length), bytes);
}
