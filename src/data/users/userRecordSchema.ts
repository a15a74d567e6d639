import * as z from 'zod/mini';
import type { StoredUserRecord } from './userRecord';

// users/{uid} as sign-up writes it and the server keeps its subscription (SPEC.md §3,
// docs/account.md); fields it does not name are left out of what it returns.

const PROVIDERS = ['password', 'google', 'microsoft', 'github', 'unknown'] as const;
const STATUSES = ['trialing', 'active', 'canceled', 'past_due', 'incomplete', 'unpaid'] as const;

const subscriptionSchema = z.object({
  id: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  status: z.enum(STATUSES),
  planId: z.string(),
  planName: z.string(),
  currentPeriodStart: z.number(),
  currentPeriodEnd: z.number(),
  cancelAtPeriodEnd: z.boolean(),
  trialStart: z.nullable(z.number()),
  trialEnd: z.nullable(z.number()),
  isFreeTrialOnly: z.boolean(),
  updatedAt: z.number(),
});

export const storedUserRecordSchema: z.ZodMiniType<StoredUserRecord> = z.object({
  email: z.nullable(z.string()),
  encryptionSalt: z.string(),
  kdf: z.object({ algorithm: z.literal('PBKDF2-SHA256'), iterations: z.number() }),
  publicKey: z.string(),
  encryptedPrivateKey: z.string(),
  wrappedVaultKey: z.string(),
  masterPasswordTest: z.string(),
  authProvider: z.enum(PROVIDERS),
  createdAt: z.number(),
  updatedAt: z.number(),
  teamIds: z.array(z.string()),
  pendingTeamKeys: z.record(z.string(), z.string()),
  subscription: subscriptionSchema,
  entryFormat: z.optional(z.literal(2)),
});
