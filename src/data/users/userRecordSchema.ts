import * as z from 'zod/mini';
import { subscriptionRecordSchema } from '@keyloft/contract/callables/billing';
import { isStoredCiphertext, type SealPurpose, type Sealed } from '../../crypto/sealed';
import type { StoredUserRecord } from './userRecord';

const ciphertext = <P extends SealPurpose>() => z.custom<Sealed<P>>(isStoredCiphertext);

// users/{uid} as sign-up writes it and the server keeps its subscription (SPEC.md §3,
// docs/account.md); fields it does not name are left out of what it returns.

const PROVIDERS = ['password', 'google', 'microsoft', 'github', 'unknown'] as const;
export const storedUserRecordSchema: z.ZodMiniType<StoredUserRecord> = z.object({
  email: z.nullable(z.string()),
  encryptionSalt: z.string(),
  kdf: z.union([
    z.object({ algorithm: z.literal('PBKDF2-SHA256'), iterations: z.number() }),
    z.object({ algorithm: z.literal('Argon2id'), iterations: z.number(), memoryKiB: z.number(), parallelism: z.number() }),
  ]),
  publicKey: z.string(),
  encryptedPrivateKey: ciphertext<'private-key'>(),
  wrappedVaultKey: ciphertext<'vault-key'>(),
  masterPasswordTest: ciphertext<'master-password-test'>(),
  authProvider: z.enum(PROVIDERS),
  createdAt: z.number(),
  updatedAt: z.number(),
  teamIds: z.array(z.string()),
  pendingTeamKeys: z.record(z.string(), ciphertext<'team-key-wrap'>()),
  subscription: subscriptionRecordSchema,
  entryFormat: z.optional(z.literal(2)),
});
