import type { StoredSubscription, StoredUserRecord } from '../users/userRecord';

import {
  field,
  isBoolean,
  isNullableNumber,
  isNullableString,
  isNumber,
  isObject,
  isString,
  isStringArray,
  isStringMap,
  type Data,
} from './fieldChecks';

export { MalformedRecordError } from './fieldChecks';

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
    email: field(path, data, 'email', isNullableString),
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
