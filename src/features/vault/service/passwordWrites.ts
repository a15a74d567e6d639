import { SEALED_ENTRY_FORMAT, sealEntryFields, sealEntryParts, type EntryHealth, type EntryParts, type ReplacedPassword, type TeamKey, type VaultKey } from '../../../crypto';
import {
  FIRST_REVISION,
  GoneError,
  PLAIN_ENTRY_FIELDS,
  RevisionConflictError,
  type StoredPasswordEntry,
  type StoredSealedEntry,
  type WithId,
} from '../../../data/vault/storedEntries';
import { entrySaveEvent, namingSealedChanges, type EntryValues } from '@keyloft/contract/auditEvents';
import type { ValidPasswordDraft } from '../form/validatePasswordDraft';
import { entryHealth, estimatorOrNull } from '../health/entryHealth';
import { historyAfterSave, trimmedHistory } from '../history/passwordHistory';
import { sameEntryValues } from '../entryValues';
import type { PasswordEntry } from '../model';
import { CONFLICT_MESSAGES, PasswordConflictError, VaultGoneError } from '../vaultErrors';
import { decryptEntry, openDetails } from './openEntries';
import { isTeamVault, writeKey, type VaultDeps } from './vaultDeps';
import { guarded, translated } from './writeGuard';

/**
 * Creates (no `existing`) or updates an entry; returns it as the list shows it. An update is
 * conditional on `existing.revision`: if someone saved the entry since, nothing is written and
 * PasswordConflictError carries theirs (saving again with it as `existing` keeps the user's
 * values on top); if someone deleted it, VaultGoneError. A newer version with the very values of
 * `existing` (a key rotation or the sealing rewrote it, issue #42) is no conflict: the save goes
 * on its revision once, without asking; a second conflict is a real one.
 */
export async function savePassword(deps: VaultDeps, draft: ValidPasswordDraft, existing?: PasswordEntry): Promise<PasswordEntry> {
  try {
    return await saveOn(deps, draft, existing);
  } catch (error) {
    if (existing === undefined || !(error instanceof PasswordConflictError)) throw error;
    const opened = await openDetails(deps, existing).catch(() => null);
    if (opened === null || !sameEntryValues(opened, error.newer)) throw error;
    return saveOn(deps, draft, error.newer);
  }
}

async function saveOn(deps: VaultDeps, draft: ValidPasswordDraft, existing: PasswordEntry | undefined): Promise<PasswordEntry> {
  // Format 2 holds less than an item (format 3): saveEntryDraft (itemWrites.ts) saves a draft over one.
  if (existing?.item !== undefined) throw new Error(`Entry ${existing.id} is an item (format 3): save it with saveEntryDraft or saveItem.`);
  return guarded(deps, existing === undefined ? 'create' : 'edit', async () => {
    const id = existing?.id ?? deps.passwords.newId();
    const now = deps.now();
    // A team entry is always written at the team's current key version (the rules insist).
    const { key, keyVersion } = writeKey(deps);
    const version = keyVersion === null ? {} : { keyVersion };
    // Sealed unless a test asks for format 1, and always for an entry already sealed: its title never goes back in clear.
    const sealed = deps.sealedFormat !== false || existing?.sealed === true;
    const extras = await detailsExtras(deps, draft, existing, now);
    // The health record (issue #42) is computed here, where the password is in clear anyway.
    const estimate = sealed ? await estimatorOrNull(deps.strength) : null;
    const passwordSetAt = extras.history[0]?.replacedAt ?? existing?.createdAt ?? now;
    const health = estimate === null ? undefined : await entryHealth(key, estimate, { ...draft, passwordSetAt });
    const after = { ...draft, otp: extras.otp };
    const parts = partsOf(after, extras.history, health);
    const wasSealed = existing?.sealed === true;
    const unchanged = sealedPartsUnchanged(wasSealed ? extras.previous : null, parts);
    const fields = sealed ? await sealedFields(key, id, keyVersion, parts) : await plainFields(key, id, draft);
    // A team's activity log records what changed (issue #24): which parts, never the values, and
    // every sealed part the save writes anew (the rules compare the ciphertexts, issue #41).
    const event = isTeamVault(deps)
      ? namingSealedChanges(entrySaveEvent(id, extras.before, after), {
          overview: wasSealed && !unchanged.includes('overview'),
          details: wasSealed && !unchanged.includes('details'),
        })
      : undefined;
    if (existing === undefined) {
      await deps.passwords.create(id, {
        ...fields,
        teamId: isTeamVault(deps) ? deps.team.teamId : null,
        userId: deps.userId,
        groupId: draft.groupId,
        encrypted: true,
        ...version,
        revision: FIRST_REVISION,
        createdAt: now,
        updatedAt: now,
      }, event);
    } else {
      // Sealing a format-1 entry removes every clear field; a format-1 edit removes an emptied url or notes.
      const remove = sealed
        ? existing.sealed === true
          ? []
          : [...PLAIN_ENTRY_FIELDS]
        : [...(draft.url === null ? (['url'] as const) : []), ...(draft.notes === null ? (['notes'] as const) : [])];
      await translated(
        () => deps.passwords.update(id, { ...fields, groupId: draft.groupId, ...version, remove, unchanged }, now, existing.revision, event),
        (error) => passwordWriteFailure(deps, error),
      );
    }
    return {
      id,
      title: draft.title,
      url: draft.url,
      notes: draft.notes,
      username: draft.username,
      password: draft.password,
      groupId: draft.groupId,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      revision: existing === undefined ? FIRST_REVISION : existing.revision + 1,
      undecryptable: false,
      ...(sealed ? { sealed: true } : {}),
      ...(sealed && extras.otp !== null ? { otp: extras.otp } : {}),
      ...(sealed && extras.history.length > 0 ? { passwordHistory: extras.history } : {}),
      ...(health === undefined ? {} : { health }),
    };
  });
}

/** What a sealed entry's details keep beside the password and notes (issue #23). */
interface DetailsExtras {
  readonly otp: string | null;
  readonly history: readonly ReplacedPassword[];
  /** The entry's values before this save, details opened (null for a new entry): what the log compares. */
  readonly before: EntryValues | null;
  /** What its sealed parts held before this save (null for a new entry). */
  readonly previous: EntryParts | null;
}

/** What a sealed entry's two parts hold: the overview (what lists need) and the details. */
function partsOf(values: EntryValues, history: readonly ReplacedPassword[], health: EntryHealth | undefined): EntryParts {
  return {
    overview: {
      title: values.title,
      url: values.url,
      username: values.username,
      ...(values.otp === null ? {} : { hasOneTimeCode: true as const }),
      ...(health === undefined ? {} : { health }),
    },
    details: { password: values.password, notes: values.notes, otp: values.otp, history },
  };
}

/**
 * The parts of a sealed entry this save would seal from what they already hold: the repository
 * keeps those as stored (at the same key version), so a part's ciphertext changes only when its
 * content does, which is what the rules compare with the event (issue #41).
 */
function sealedPartsUnchanged(previous: EntryParts | null, next: EntryParts): ('overview' | 'details')[] {
  if (previous === null) return [];
  return (['overview', 'details'] as const).filter((part) => JSON.stringify(previous[part]) === JSON.stringify(next[part]));
}

function valuesOf(entry: PasswordEntry): EntryValues {
  const { title, url, username, password, notes, groupId } = entry;
  return { title, url, username, password, notes, otp: entry.otp ?? null, groupId };
}

/**
 * The one-time code and password history a save writes: the draft's code (or the entry's, when the
 * draft leaves it alone), and the entry's history with the password this save replaces on top.
 * The entry's details are opened first where the list had not (one decryption, usually cached),
 * so a save never drops what it did not show: details that do not open fail the save. A format-1
 * entry shown undecryptable (its ciphertext as its values) has no code or history to keep.
 */
async function detailsExtras(deps: VaultDeps, draft: ValidPasswordDraft, existing: PasswordEntry | undefined, now: number): Promise<DetailsExtras> {
  if (existing === undefined) return { otp: draft.otp ?? null, history: trimmedHistory(draft.history ?? []), before: null, previous: null };
  const before = existing.sealedDetails === undefined ? existing : await openDetails(deps, existing);
  // What did not open is written anew, whatever the draft says: nothing to compare it with.
  if (before.undecryptable) return { otp: draft.otp ?? null, history: [], before: valuesOf(before), previous: null };
  return {
    otp: draft.otp === undefined ? (before.otp ?? null) : draft.otp,
    history: historyAfterSave(before.passwordHistory ?? [], before.password, draft.password, now),
    before: valuesOf(before),
    previous: partsOf(valuesOf(before), before.passwordHistory ?? [], before.health),
  };
}

/** Format 1's stored fields: title, url and notes in clear, username and password sealed field by field. */
async function plainFields(key: VaultKey | TeamKey, id: string, draft: ValidPasswordDraft) {
  const { username, password } = await sealEntryFields(key, id, { username: draft.username, password: draft.password });
  return {
    title: draft.title,
    ...(draft.url === null ? {} : { url: draft.url }),
    ...(draft.notes === null ? {} : { notes: draft.notes }),
    username,
    password,
  };
}

/** Format 2's stored fields: the overview and the details, each sealed whole and bound to the entry (docs/crypto.md). */
async function sealedFields(key: VaultKey | TeamKey, id: string, keyVersion: number | null, parts: EntryParts): Promise<Pick<StoredSealedEntry, 'format' | 'overview' | 'details'>> {
  const { overview, details } = await sealEntryParts(key, { entryId: id, keyVersion, format: SEALED_ENTRY_FORMAT }, parts);
  return { format: SEALED_ENTRY_FORMAT, overview, details };
}

/**
 * Deletes the entry as the user saw it: if someone saved it since, nothing is deleted and
 * PasswordConflictError carries the newer one (the user is asked again); if it is already gone,
 * VaultGoneError.
 */
export async function deletePassword(deps: VaultDeps, entry: Pick<PasswordEntry, 'id' | 'revision'>): Promise<void> {
  const event = isTeamVault(deps) ? ({ kind: 'entry.deleted', entryId: entry.id } as const) : undefined;
  await guarded(deps, 'delete', () =>
    translated(
      () => deps.passwords.delete(entry.id, entry.revision, event),
      (error) => passwordWriteFailure(deps, error),
    ),
  );
}

/**
 * A conditional write's failure in the vault's terms: a conflict carries the newer entry
 * (decrypted) for the form to show beside the user's; a deletion says so.
 */
export async function passwordWriteFailure(deps: VaultDeps, error: unknown): Promise<unknown> {
  if (error instanceof GoneError) return new VaultGoneError(CONFLICT_MESSAGES.passwordGone, { cause: error });
  if (error instanceof RevisionConflictError) {
    const current = error.current as WithId<StoredPasswordEntry>;
    // The form puts the newer values beside the user's: a sealed one's details are opened too.
    const newer = await decryptEntry(deps, current);
    const opened = await openDetails(deps, newer).catch(() => ({ ...newer, undecryptable: true }));
    return new PasswordConflictError(opened, { cause: error });
  }
  return error;
}
