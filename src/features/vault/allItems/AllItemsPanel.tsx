import { useCallback, useDeferredValue, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { PlusIcon } from '../../../ui/icons';
import { LoadFailed } from '../../../ui/LoadFailed';
import { formatCount } from '../../../ui/format';
import { PasswordFormDialog } from '../form/PasswordFormDialog';
import { useNewerVersion } from '../form/useNewerVersion';
import { ItemFormDialog } from '../itemForm/ItemFormDialog';
import type { Item } from '../items/kinds';
import { PasswordList, type EntryPlace } from '../list';
import type { PasswordEntry } from '../model';
import type { VaultSession } from '../session/vaultSession';
import { useSessionStates } from '../session/useSessionStates';
import { allAnswered } from '../session/vaultCounts';
import { DECRYPT_FAILED_MESSAGE } from '../vaultErrors';
import { AddPasswordButton, NEW_ITEM_BUTTON } from '../VaultHeaderActions';
import { spannedLoad, spanVaults, type ItemsSource } from './allItemsSources';
import '../vault.css';

export interface OpenItemsSource extends ItemsSource {
  readonly session: VaultSession;
}

export interface AllItemsPanelProps {
  /** The personal vault first (where Add Password writes), then every team the user holds a key for. */
  readonly sources: readonly OpenItemsSource[];
  /**
   * A vault in view is not open yet (the team list being read, a team key being opened): it has
   * yet to answer, so the list is still loading whatever the open ones hold (issue #43).
   */
  readonly opening?: boolean;
  /** An entry to show, asked from outside the list (the sidebar's health report): a new object each time. */
  readonly show?: { readonly id: string } | null;
}

const NOT_HERE: EntryPlace = { label: null, canEdit: false, canDelete: false };
const NO_ENTRIES: readonly PasswordEntry[] = [];
const asItIs = (entry: PasswordEntry) => Promise.resolve(entry);

/**
 * All items (issue #21): every vault the user can open as one list, sorted by title, with one
 * search over all of it; each entry says where it lives and carries that vault's permissions.
 */
export function AllItemsPanel({ sources, opening = false, show = null }: AllItemsPanelProps) {
  const headingId = useId();
  const sessions = useMemo(() => sources.map((source) => source.session), [sources]);
  const states = useSessionStates(sessions);
  // Typing in the search stays ahead of a large list being merged.
  const spanned = useDeferredValue(useMemo(() => spanVaults(states), [states]));
  const load = spannedLoad(states);
  const [form, setForm] = useState<{ readonly entry: PasswordEntry | null; readonly source: number } | null>(null);
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const ready = allAnswered(states, opening);
  // Decided on the states as they are, not on the deferred list: vaults that answered with entries
  // the deferred list has yet to merge are not empty ones (a render in which a team's vault joins
  // the sources reads the states afresh while the deferred list is still an older one).
  const listLoading = !ready || (spanned.entries.length === 0 && load.loaded > 0);
  const home = sources.findIndex((source) => source.canCreate);

  const sourceAt = (entry: PasswordEntry) => {
    const index = spanned.sourceOf.get(entry.id);
    return index === undefined ? undefined : { index, source: sources[index], state: states[index] };
  };
  const placeOf = (entry: PasswordEntry): EntryPlace => {
    const found = sourceAt(entry);
    if (found?.source === undefined) return NOT_HERE;
    const settled = found.state?.load.status === 'ready';
    // The vault's name only where it tells entries apart: with a team's vault in view (issue #43).
    return { label: sources.length > 1 ? found.source.label : null, canEdit: found.source.canEdit && settled, canDelete: found.source.canDelete && settled };
  };
  const sessionOf = (entry: PasswordEntry): VaultSession => {
    const session = sourceAt(entry)?.source?.session;
    if (session === undefined) throw new Error(`Entry ${entry.id} is in no open vault`);
    return session;
  };
  const formSource = form === null ? undefined : sources[form.source];
  // The entry being edited as its vault's live list holds it now (issue #22: conflicts arrive early).
  const newerVersion = useNewerVersion(
    form?.entry ?? null,
    form === null ? NO_ENTRIES : (states[form.source]?.entries ?? NO_ENTRIES),
    formSource?.session.withDetails ?? asItIs,
  );
  // The same function on every render, so the list's memoised rows are not rendered again for it.
  const latestSessionOf = useRef(sessionOf);
  useLayoutEffect(() => {
    latestSessionOf.current = sessionOf;
  });
  const openDetails = useCallback((entry: PasswordEntry) => latestSessionOf.current(entry).withDetails(entry), []);
  const openItem = useCallback((entry: PasswordEntry) => latestSessionOf.current(entry).openItem(entry), []);
  // An item (format 3, issue #44) is edited in the item form, in its own vault.
  // 'New item' makes one in the personal vault, where Add Password writes (issue #44).
  const [itemForm, setItemForm] = useState<{ readonly editing: { readonly entry: PasswordEntry; readonly item: Item } | null; readonly source: number } | null>(null);
  const itemSource = itemForm === null ? undefined : sources[itemForm.source];

  return (
    <section className="vault-section" aria-labelledby={headingId}>
      <div className="vault-section__header">
        <h2 id={headingId}>All items</h2>
        {home >= 0 && (
          <div className="vault-section__actions">
            <Button variant="secondary" icon={<PlusIcon />} onClick={() => { setItemForm({ editing: null, source: home }); }} disabled={!ready}>
              {NEW_ITEM_BUTTON}
            </Button>
          </div>
        )}
      </div>
      {!ready && (
        <p role="status" className="vault-section__status">
          {load.loaded === 0 ? 'Loading your passwords…' : `Loading your passwords… ${formatCount(load.loaded)} so far`}
        </p>
      )}
      {load.failed.map((index) => {
        const state = states[index];
        const source = sources[index];
        if (state?.load.status !== 'failed' || source === undefined) return null;
        // The message as the vault's own panel says it (SPEC.md's 'Failed to load teams/passwords'); Try again reloads that vault.
        return <LoadFailed key={source.key} message={state.load.message} onRetry={source.session.retry} />;
      })}
      {detailsError !== null && (
        <p role="alert" className="notice notice--error">
          {detailsError}
        </p>
      )}
      {/* Never 'No passwords yet' for a vault that failed to load: the alert says what happened. */}
      {(!ready || load.failed.length === 0 || spanned.entries.length > 0) && (
        <PasswordList
          label="All items"
          entries={spanned.entries}
          loading={listLoading}
          canEdit={false}
          canDelete={false}
          placeOf={placeOf}
          groupNameOf={spanned.groupNameOf}
          onEdit={(entry) => {
            setDetailsError(null);
            const index = spanned.sourceOf.get(entry.id);
            if (index === undefined) return;
            if (entry.item !== undefined) {
              sessionOf(entry)
                .openItem(entry)
                .then(
                  (item) => {
                    setItemForm({ editing: { entry, item }, source: index });
                  },
                  () => {
                    setDetailsError(DECRYPT_FAILED_MESSAGE);
                  },
                );
              return;
            }
            sessionOf(entry)
              .withDetails(entry)
              .then(
                (opened) => {
                  setForm({ entry: opened, source: index });
                },
                () => {
                  setDetailsError(DECRYPT_FAILED_MESSAGE);
                },
              );
          }}
          onOpenDetails={openDetails}
          onOpenItem={openItem}
          onDelete={(entry) => sessionOf(entry).remove(entry)}
          toolbarAction={home >= 0 && <AddPasswordButton onClick={() => { setForm({ entry: null, source: home }); }} />}
          show={show}
        />
      )}
      <PasswordFormDialog
        open={form !== null && formSource !== undefined}
        entry={form?.entry ?? null}
        newer={newerVersion}
        groups={form === null ? [] : (states[form.source]?.groups ?? [])}
        onSubmit={(draft, base) => {
          if (formSource === undefined) return Promise.reject(new Error('The vault of this password is no longer open'));
          return formSource.session.save(draft, base);
        }}
        onClose={() => {
          setForm(null);
        }}
      />
      <ItemFormDialog
        open={itemForm !== null && itemSource !== undefined}
        editing={itemForm?.editing ?? null}
        groups={itemForm === null ? [] : (states[itemForm.source]?.groups ?? [])}
        onSubmit={(item, groupId, existing) => {
          if (itemSource === undefined) return Promise.reject(new Error('The vault of this item is no longer open'));
          return itemSource.session.saveItem(item, groupId, existing);
        }}
        onClose={() => {
          setItemForm(null);
        }}
      />
    </section>
  );
}
