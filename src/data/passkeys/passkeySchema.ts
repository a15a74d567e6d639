import * as z from 'zod/mini';
import { isStoredCiphertext, type Sealed } from '../../crypto/sealed';
import type { StoredPasskey } from './storedPasskeys';

// users/{uid}/passkeys/{credentialId} as the settings write it (storedPasskeys.ts).
export const storedPasskeySchema: z.ZodMiniType<StoredPasskey> = z.object({
  credentialId: z.string(),
  name: z.string(),
  wrappedVaultKey: z.custom<Sealed<'passkey-vault-key'>>(isStoredCiphertext),
  prfSalt: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.nullable(z.number()),
});
