import { SYSTEM_ACTOR, type EntryPart } from '@keyloft/contract/auditEvents';
import { ROLE_LABELS } from '@keyloft/contract/teamPermissions';
import type { LoggedEvent } from '../../data/audit/auditLog';

// What a row of the log says: who made the change and a plain sentence of what it was. An entry or
// group is named by its title only through `names`, which knows only what this viewer holds
// decrypted in the open team vault; without it (the CSV's sentence, whose titles have columns of their own) nothing is named.

/** Titles of the entries and names of the groups this viewer has open; null for one it does not. */
export interface VaultNames {
  entryTitle(entryId: string): string | null;
  groupName(groupId: string): string | null;
}

export const EVENT_TEXTS = Object.freeze({
  system: 'Keyloft',
  noAddress: 'a member without an address',
  missingEntry: 'an entry no longer in the vault',
  missingGroup: 'a group no longer in the vault',
  unnamedEntry: 'an entry',
  unnamedGroup: 'a group',
  noGroup: 'no group',
  malformed: 'An event that could not be read',
});

/** Who made the change: their address at the time; the system's changes as Keyloft. */
export function actorText(event: LoggedEvent): string {
  if (event.actor.uid === SYSTEM_ACTOR.uid) return EVENT_TEXTS.system;
  return event.actor.email === '' ? EVENT_TEXTS.noAddress : event.actor.email;
}

const PART_WORDS: Readonly<Record<EntryPart, string>> = {
  overview: 'title, address or username',
  password: 'password',
  notes: 'notes',
  details: 'other details',
};

/** 'a', 'a and b', 'a, b and c'. */
function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

const quoted = (title: string) => `“${title}”`;

/** The sentence after the actor, naming entries and groups through `names` (null: by no title). */
export function eventSentence(event: LoggedEvent, names: VaultNames | null): string {
  const entry = (id: string) => {
    if (names === null) return EVENT_TEXTS.unnamedEntry;
    const title = names.entryTitle(id);
    return title === null ? EVENT_TEXTS.missingEntry : quoted(title);
  };
  const group = (id: string | null) => {
    if (id === null) return EVENT_TEXTS.noGroup;
    if (names === null) return EVENT_TEXTS.unnamedGroup;
    const name = names.groupName(id);
    return name === null ? EVENT_TEXTS.missingGroup : `the group ${quoted(name)}`;
  };
  const member = (email: string) => (email === '' ? EVENT_TEXTS.noAddress : email);
  switch (event.kind) {
    case 'entry.created':
      return `created ${entry(event.entryId)}`;
    case 'entry.edited':
      return event.parts.length === 0
        ? `saved ${entry(event.entryId)} without changes`
        : `changed the ${listed(event.parts.map((part) => PART_WORDS[part]))} of ${entry(event.entryId)}`;
    case 'entry.moved':
      return `moved ${entry(event.entryId)} from ${group(event.fromGroupId)} to ${group(event.toGroupId)}`;
    case 'entry.deleted':
      return `deleted ${entry(event.entryId)}`;
    case 'group.created':
      return `created ${group(event.groupId)}`;
    case 'group.edited':
      return `changed ${group(event.groupId)}`;
    case 'group.deleted':
      return `deleted ${group(event.groupId)}`;
    case 'invitation.sent':
      return `invited ${member(event.email)}`;
    case 'invitation.cancelled':
      return `cancelled the invitation of ${member(event.email)}`;
    case 'invitation.accepted':
      return `accepted the invitation sent to ${member(event.email)}`;
    case 'invitation.declined':
      return `declined the invitation sent to ${member(event.email)}`;
    case 'invitation.expired':
      return `expired the invitation of ${member(event.email)}`;
    case 'member.added':
      return `added ${member(event.memberEmail)}`;
    case 'member.roleChanged':
      return `changed ${member(event.memberEmail)}’s role from ${ROLE_LABELS[event.from]} to ${ROLE_LABELS[event.to]}`;
    case 'member.removed':
      return `removed ${member(event.memberEmail)}`;
    case 'member.left':
      return 'left the team';
    case 'member.keyGranted':
      return `granted ${member(event.memberEmail)} access to the team key`;
    case 'rotation.started':
      return `started a rotation of the team key to version ${String(event.keyVersion)}`;
    case 'rotation.finished':
      return `finished the rotation of the team key to version ${String(event.keyVersion)}`;
    case 'team.created':
      return 'created the team';
    case 'team.renamed':
      return 'renamed the team';
    case 'team.descriptionChanged':
      return 'changed the team’s description';
    case 'team.deleted':
      return 'deleted the team';
  }
}
