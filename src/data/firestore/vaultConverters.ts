import type { StoredGroup, StoredPasswordEntry } from '../vault/storedEntries';
import { field, isNullableString, isNumber, isString, optionalField, type Data } from './fieldChecks';

const isTrue = (value: unknown): value is true => value === true;

export function passwordEntryFrom(path: string, data: Data): StoredPasswordEntry {
  const url = optionalField(path, data, 'url', isString);
  const notes = optionalField(path, data, 'notes', isString);
  const keyVersion = optionalField(path, data, 'keyVersion', isNumber);
  return {
    title: field(path, data, 'title', isString),
    ...(url === undefined ? {} : { url }),
    ...(notes === undefined ? {} : { notes }),
    username: field(path, data, 'username', isString),
    password: field(path, data, 'password', isString),
    teamId: field(path, data, 'teamId', isNullableString),
    userId: field(path, data, 'userId', isString),
    groupId: field(path, data, 'groupId', isNullableString),
    encrypted: field(path, data, 'encrypted', isTrue),
    ...(keyVersion === undefined ? {} : { keyVersion }),
    createdAt: field(path, data, 'createdAt', isNumber),
    updatedAt: field(path, data, 'updatedAt', isNumber),
  };
}

export function groupFrom(path: string, data: Data): StoredGroup {
  const description = optionalField(path, data, 'description', isString);
  return {
    name: field(path, data, 'name', isString),
    ...(description === undefined ? {} : { description }),
    userId: field(path, data, 'userId', isNullableString),
    teamId: field(path, data, 'teamId', isNullableString),
    createdAt: field(path, data, 'createdAt', isNumber),
    updatedAt: field(path, data, 'updatedAt', isNumber),
  };
}
