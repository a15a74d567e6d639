import type { StoredSubscription, StoredUserRecord } from '../users/userRecord';

// Firestore hands back whatever is stored; nothing untyped leaves the data layer. A record that
// does not have the stored shape is refused here, before any code treats it as a user.

export class MalformedRecordError extends Error {
  constructor(path: string, field: string) {
    super(`${path}: field "${field}" is missing or has the wrong type`);
    this.name = 'MalformedRecordError';
  }
}

type Data = Readonly<Record<string, unknown>>;

function field<T>(path: string, data: Data, name: string, check: (value: unknown) => value is T): T {
  const value = data[name];
  if (!check(value)) throw new MalformedRecordError(path, name);
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isNullableString = (value: unknown): value is string | null => value === null || isString(value);
const isNullableNumber = (value: unknown): value is number | null => value === null || isNumber(value);
const isObject = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isStringMap = (value: unknown): value is Record<string, string> =>
  isObject(value) && Object.values(value).every(isString);
const PROVIDERS = ['password', 'google', 'microsoft', 'github', 'unknown'] as const;
const isProvider = (value: unknown): value is StoredUserRecord['authProvider'] =>
  PROVIDERS.some((provider) => provider === value);
const STATUSES = ['trialing', 'active', 'canceled', 'past_due', 'incomplete', 'unpaid'] as const;
const isStatus = (value: unknown): value is StoredSubscription['status'] => STATUSES.some((status) => status === value);

function subscriptionFrom(path: string, data: Data): StoredSubscription {
  return {
    id: field(path, data, 'id', isNullableString),
    customerId: field(path, data, 'customerId', isNullableString),
    status: field(path, data, 'status', isStatus),
    planId: field(path, data, 'planId', isString),
    planName: field(path, data, 'planName', isString),
    currentPeriodStart: field(path, data, 'currentPeriodStart', isNumber),
    currentPeriodEnd: field(path, data, 'currentPeriodEnd', isNumber),
    cancelAtPeriodEnd: field(path, data, 'cancelAtPeriodEnd', isBoolean),
    trialStart: field(path, data, 'trialStart', isNullableNumber),
    trialEnd: field(path, data, 'trialEnd', isNullableNumber),
    isFreeTrialOnly: field(path, data, 'isFreeTrialOnly', isBoolean),
    updatedAt: field(path, data, 'updatedAt', isNumber),
  };
}

export function userRecordFrom(path: string, data: Data): StoredUserRecord {
  const kdf = field(path, data, 'kdf', isObject);
  const algorithm = field(`${path}.kdf`, kdf, 'algorithm', (value): value is 'PBKDF2-SHA256' => value === 'PBKDF2-SHA256');
  return {
    email: field(path, data, 'email', isString),
    encryptionSalt: field(path, data, 'encryptionSalt', isString),
    kdf: { algorithm, iterations: field(`${path}.kdf`, kdf, 'iterations', isNumber) },
    publicKey: field(path, data, 'publicKey', isString),
    encryptedPrivateKey: field(path, data, 'encryptedPrivateKey', isString),
    wrappedVaultKey: field(path, data, 'wrappedVaultKey', isString),
    masterPasswordTest: field(path, data, 'masterPasswordTest', isString),
    authProvider: field(path, data, 'authProvider', isProvider),
    createdAt: field(path, data, 'createdAt', isNumber),
    updatedAt: field(path, data, 'updatedAt', isNumber),
    teamIds: field(path, data, 'teamIds', isStringArray),
    pendingTeamKeys: field(path, data, 'pendingTeamKeys', isStringMap),
    subscription: subscriptionFrom(`${path}.subscription`, field(path, data, 'subscription', isObject)),
  };
}
