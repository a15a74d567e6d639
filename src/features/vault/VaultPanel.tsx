import { useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { PasswordFormDialog } from './form/PasswordFormDialog';
import { GroupManagerDialog } from './groups/GroupManagerDialog';
import { ItemFormDialog } from './itemForm/ItemFormDialog';
import type { Item } from './items/kinds';
import { HealthDialog } from './health/HealthDialog';
import { healthScopeOf } from './health/entryHealth';
import { ALL_PASSWORDS, filterByGroup, NO_GROUP, type GroupFilter } from './groupFilter';
import { PasswordList } from './list/PasswordList';
import { ItemFilterContext } from './list/itemFilter';
import { AddPasswordButton, VaultHeaderActions } from './VaultHeaderActions';
import type { PasswordEntry } from './model';
import { useVault } from './useVault';
import { useNewerVersion } from './form/useNewerVersion';
import { DECRYPT_FAILED_MESSAGE } from './vaultErrors';
import { openDetails, type VaultDeps } from './vaultService';
import type { VaultTransfer } from './transfer';
import './vault.css';
import { LoadFailed } from '../../ui/LoadFailed';
import { formatCount } from '../../ui/format';

// The filter's <select> values. '__none__' cannot be a group id: Firestore reserves ids of the
// form __.*__.
const ALL = '';
const NONE = '__none__';

/** The group filter's values for a caller that holds the filter (the sidebar's groups): all, none, or a group id. */
export const GROUP_FILTER = Object.freeze({ all: ALL, none: NONE });

function filterFor(value: string): GroupFilter {
  if (value === ALL) return ALL_PASSWORDS;
  if (value === NONE) return NO_GROUP;
  return { kind: 'group', groupId: value };
}

export interface VaultPanelProps {
  readonly deps: VaultDeps;
  /** The section's h2. */
  readonly heading: ReactNode;
  /** The vault's name in words, for the health report's title: 'Personal Passwords', a team's name. */
  readonly name?: string;
  /** Shown under the header (the team view's member count and role). */
  readonly details?: ReactNode;
  /** The list's accessible name. */
  readonly listLabel: string;
  /** Whose passwords the loading texts name: 'your passwords', 'the team’s passwords'. */
  readonly subject: string;
  /** Add Password and Groups are shown only when true (SPEC.md §2 "Team password view"). */
  readonly canCreate: boolean;
  readonly canEdit: boolean;
  readonly canDelete: boolean;
  /** Import (into this vault) is offered when true and `transfer` renders it: the role may create entries. */
  readonly canImport?: boolean;
  /** Export (of this vault) is offered when true and `transfer` renders it: personal, or a team's owner or admin. */
  readonly canExport?: boolean;
  /** The import and export dialogs, composed by the app (./transfer.ts). */
  readonly transfer?: VaultTransfer;
  /** The group filter, when the caller holds it (GROUP_FILTER values or a group id); else the panel does. */
  readonly group?: string;
  readonly onGroupChange?: (group: string) => void;
}

/**
 * One vault on screen: header with Groups and Add Password, the group filter ('All Passwords',
 * 'No Group', each group), the password list, the form and the group manager. The personal
 * section and the team view are this panel over their own scope.
 */
export function VaultPanel({
  deps,
  heading,
  details,
  listLabel,
  name = listLabel,
  subject,
  canCreate,
  canEdit,
  canDelete,
  canImport = false,
  canExport = false,
  transfer,
  group,
  onGroupChange,
}: VaultPanelProps) {
  const vault = useVault(deps);
  const itemFilter = useContext(ItemFilterContext);
  const headingId = useId();
  const filterId = useId();
  const [ownGroupFilter, setOwnGroupFilter] = useState(ALL);
  const groupFilter = group ?? ownGroupFilter;
  const setGroupFilter = onGroupChange ?? setOwnGroupFilter;
  const [form, setForm] = useState<{ entry: PasswordEntry | null } | null>(null);
  // The item form (issue #44): 'New item', or the Edit of an item saved in format 3.
  const [itemForm, setItemForm] = useState<{ readonly editing: { readonly entry: PasswordEntry; readonly item: Item } | null } | null>(null);
  const newerVersion = useNewerVersion(form?.entry ?? null, vault.entries, vault.withDetails);
  const [managingGroups, setManagingGroups] = useState(false);
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const [transferring, setTransferring] = useState<'import' | 'export' | null>(null);
  const [checkingHealth, setCheckingHealth] = useState(false);
  // An entry the health report asked to open: a new object each time, so asking again shows it again.
  const [shownEntry, setShownEntry] = useState<{ readonly id: string } | null>(null);
  const loadStrengthEstimator = transfer?.loadStrengthEstimator;
  // The report opens thousands of details through the service (and the deps' cache), not the
  // list's withDetails, which would re-render the list for each.
  const openForHealth = useCallback((entry: PasswordEntry) => openDetails(deps, entry), [deps]);
  const healthScope = useMemo(() => healthScopeOf(deps), [deps]);
  const renderImport = canImport ? transfer?.renderImport : undefined;
  const renderExport = canExport ? transfer?.renderExport : undefined;
  const openImport = () => {
    setTransferring('import');
  };
  const openExport = () => {
    setTransferring('export');
  };
  const closeTransfer = () => {
    setTransferring(null);
  };

  // A filter on a group that was deleted falls back to all passwords.
  const activeFilter =
    groupFilter === NONE || vault.groups.some((group) => group.id === groupFilter) ? groupFilter : ALL;
  // Rows show as the pages of a large vault open; the filter and the row actions (edit, delete)
  // wait for the whole list, so nothing changes an entry the load has yet to merge.
  const ready = vault.load.status === 'ready';
  const shown = useMemo(
    () => filterByGroup(vault.entries, filterFor(ready ? activeFilter : ALL), vault.groups),
    [vault.entries, ready, activeFilter, vault.groups],
  );

  return (
    <section className="vault-section" aria-labelledby={headingId}>
      <div className="vault-section__header">
        <h2 id={headingId}>{heading}</h2>
        <VaultHeaderActions
          ready={ready}
          canCreate={canCreate}
          onImport={renderImport === undefined ? null : openImport}
          onExport={renderExport === undefined ? null : openExport}
          onHealth={
            loadStrengthEstimator === undefined
              ? null
              : () => {
                  setCheckingHealth(true);
                }
          }
          onGroups={() => {
            setManagingGroups(true);
          }}
          onNewItem={() => {
            setItemForm({ editing: null });
          }}
        />
      </div>
      {details}

      {vault.load.status === 'loading' && (
        <p role="status" className="vault-section__status">
          {vault.load.loaded === 0 ? `Loading ${subject}…` : `Loading ${subject}… ${formatCount(vault.load.loaded)} so far`}
        </p>
      )}

      {vault.sealing !== null && (
        <p role="status" className="vault-section__status">
          {`Sealing ${subject} in the new format… ${formatCount(vault.sealing.done)} of ${formatCount(vault.sealing.total)}`}
        </p>
      )}

      {vault.load.status === 'failed' && (
        <LoadFailed message={vault.load.message} onRetry={vault.retry} />
      )}

      {/* While loading: the rows so far, or a skeleton of them; never 'No passwords yet' before the vault has answered (issue #43). */}
      {vault.load.status !== 'failed' && (
        <>
          {/* A caller that holds the filter shows it itself (the sidebar's groups, issue #43 item 6). */}
          {ready && onGroupChange === undefined && (
            <div className="field vault-section__filter">
              <label htmlFor={filterId} className="field__label">
                Group
              </label>
              <select
                id={filterId}
                className="input"
                value={activeFilter}
                onChange={(event) => {
                  setGroupFilter(event.target.value);
                }}
              >
                <option value={ALL}>All Passwords</option>
                <option value={NONE}>No Group</option>
                {vault.groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {detailsError !== null && (
            <p role="alert" className="notice notice--error">
              {detailsError}
            </p>
          )}
          <PasswordList
            label={listLabel}
            entries={shown}
            groups={vault.groups}
            canEdit={canEdit && ready}
            canDelete={canDelete && ready}
            onEdit={(entry) => {
              setDetailsError(null);
              // An item (format 3) is edited whole in the item form, its details opened first.
              if (entry.item !== undefined) {
                vault.openItem(entry).then(
                  (item) => {
                    setItemForm({ editing: { entry, item } });
                  },
                  () => {
                    setDetailsError(DECRYPT_FAILED_MESSAGE);
                  },
                );
                return;
              }
              // A sealed entry's details are opened before the form shows them.
              if (entry.sealedDetails === undefined) {
                setForm({ entry });
                return;
              }
              vault.withDetails(entry).then(
                (opened) => {
                  setForm({ entry: opened });
                },
                () => {
                  setDetailsError(DECRYPT_FAILED_MESSAGE);
                },
              );
            }}
            onOpenDetails={vault.withDetails}
            onOpenItem={vault.openItem}
            onDelete={vault.remove}
            show={shownEntry}
            loading={!ready}
            toolbarAction={canCreate && <AddPasswordButton disabled={!ready} onClick={() => { setForm({ entry: null }); }} />}
          />
        </>
      )}

      <PasswordFormDialog
        open={form !== null}
        entry={form?.entry ?? null}
        newer={newerVersion}
        groups={vault.groups}
        onSubmit={(draft, base) => vault.save(draft, base)}
        onClose={() => {
          setForm(null);
        }}
      />

      <ItemFormDialog
        open={itemForm !== null}
        editing={itemForm?.editing ?? null}
        groups={vault.groups}
        onSubmit={vault.saveItem}
        onClose={() => {
          setItemForm(null);
        }}
      />

      <GroupManagerDialog
        open={managingGroups}
        groups={vault.groups}
        onClose={() => {
          setManagingGroups(false);
        }}
        onCreate={vault.addGroup}
        onUpdate={vault.editGroup}
        onDelete={vault.removeGroup}
      />

      {checkingHealth && loadStrengthEstimator !== undefined && (
        <HealthDialog
          subject={name}
          entries={vault.entries}
          openDetails={openForHealth}
          loadEstimator={loadStrengthEstimator}
          scope={healthScope}
          onOpenEntry={(id) => {
            setCheckingHealth(false);
            // The entry is shown whatever the group filter: a report covers the whole vault.
            if (!shown.some((entry) => entry.id === id)) setGroupFilter(ALL);
            itemFilter.onFilter('all');
            setShownEntry({ id });
          }}
          onClose={() => {
            setCheckingHealth(false);
          }}
        />
      )}

      {transferring === 'import' && renderImport?.({ deps, vault, onClose: closeTransfer })}
      {transferring === 'export' && renderExport?.({ deps, vault, onClose: closeTransfer })}
    </section>
  );
}
