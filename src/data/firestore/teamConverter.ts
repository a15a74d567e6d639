import { isTeamRole, type TeamRole } from '../../domain/teamPermissions';
import type { PreviousTeamKey, StoredTeam, StoredTeamMember } from '../teams/storedTeams';
import {
  MalformedRecordError,
  field,
  isBoolean,
  isNullableString,
  isNumber,
  isObject,
  isString,
  isStringArray,
  optionalField,
  type Data,
} from './fieldChecks';

const isRole = (value: unknown): value is TeamRole => isTeamRole(value);

function memberFrom(path: string, data: unknown): StoredTeamMember {
  if (!isObject(data)) throw new MalformedRecordError(path, 'members');
  return {
    userId: field(path, data, 'userId', isString),
    role: field(path, data, 'role', isRole),
    joinedAt: field(path, data, 'joinedAt', isNumber),
    email: field(path, data, 'email', isNullableString),
    encryptedTeamKey: field(path, data, 'encryptedTeamKey', isNullableString),
    needsTeamKey: field(path, data, 'needsTeamKey', isBoolean),
  };
}

function previousKeyFrom(path: string, data: unknown): PreviousTeamKey | null {
  if (data === null || data === undefined) return null;
  if (!isObject(data)) throw new MalformedRecordError(path, 'previousKey');
  return { version: field(path, data, 'version', isNumber), sealed: field(path, data, 'sealed', isString) };
}

export function teamFrom(path: string, data: Data): StoredTeam {
  const description = optionalField(path, data, 'description', isString);
  const members = field(path, data, 'members', isObject);
  return {
    name: field(path, data, 'name', isString),
    ...(description === undefined ? {} : { description }),
    ownerId: field(path, data, 'ownerId', isString),
    createdAt: field(path, data, 'createdAt', isNumber),
    updatedAt: field(path, data, 'updatedAt', isNumber),
    memberIds: field(path, data, 'memberIds', isStringArray),
    members: Object.fromEntries(Object.entries(members).map(([key, member]) => [key, memberFrom(`${path}.members.${key}`, member)])),
    keyVersion: field(path, data, 'keyVersion', isNumber),
    rotationNeeded: data.rotationNeeded === true,
    previousKey: previousKeyFrom(path, data.previousKey),
    deleting: data.deleting === true,
  };
}
