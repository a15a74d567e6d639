// What the preview says about what entries will be imported without (issue #44, item 7): the
// things an entry cannot hold yet, counted in words, in all and for each item. Pure.
import { countOf } from '../../../ui/format';
import type { NotCarried, NotCarriedKind } from '../model';
import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';
import type { PlannedEntry } from '../plan/types';

const WORDS: Readonly<Record<NotCarriedKind, readonly [string, string]>> = {
  passkey: ['passkey', 'passkeys'],
  attachment: ['attached file', 'attached files'],
  reprompt: ['master-password re-prompt', 'master-password re-prompts'],
  expiry: ['expiry date', 'expiry dates'],
  'undated-history': ['earlier password without the date it was replaced', 'earlier passwords without the date they were replaced'],
  'older-history': ['earlier password beyond the ten an entry keeps', 'earlier passwords beyond the ten an entry keeps'],
  kind: ['kind Keyloft does not have (it comes in as a login or a secure note)', 'kinds Keyloft does not have (they come in as logins or secure notes)'],
  'extra-url': [`web address beyond the ${String(FIELD_LIMITS.itemUrls)} a login keeps`, `web addresses beyond the ${String(FIELD_LIMITS.itemUrls)} a login keeps`],
  'extra-field': [`custom field beyond the ${String(FIELD_LIMITS.itemCustomFields)} an item keeps`, `custom fields beyond the ${String(FIELD_LIMITS.itemCustomFields)} an item keeps`],
};

const ORDER: readonly NotCarriedKind[] = ['passkey', 'attachment', 'reprompt', 'expiry', 'undated-history', 'older-history', 'kind', 'extra-url', 'extra-field'];

/** 'a, b and c'. */
function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${String(parts.at(-1))}`;
}

/** '2 passkeys (github.com), 1 attached file (scan.png) and 1 master-password re-prompt': one count per kind, named where the file names them. */
export function notCarriedWords(items: readonly NotCarried[]): string {
  return listed(
    ORDER.flatMap((kind) => {
      const ofKind = items.filter((item) => item.kind === kind);
      if (ofKind.length === 0) return [];
      const names = ofKind.flatMap((item) => (item.name === undefined ? [] : [item.name]));
      const counted = countOf(ofKind.length, ...WORDS[kind]);
      return [names.length === 0 ? counted : `${counted} (${names.join(', ')})`];
    }),
  );
}

/** The entries that will be imported without something of theirs, in the order given. */
export function entriesLosing(entries: readonly PlannedEntry[]): readonly PlannedEntry[] {
  return entries.filter((entry) => (entry.notCarried?.length ?? 0) > 0);
}

/** '2 passkeys, 1 attached file and 3 master-password re-prompts': every kind counted over all the entries, no names. */
export function notCarriedTotals(entries: readonly PlannedEntry[]): string {
  const all = entries.flatMap((entry) => entry.notCarried ?? []).map(({ kind }) => ({ kind }));
  return notCarriedWords(all);
}
