import { Button } from '../../ui/Button';
import { DownloadIcon, FolderIcon, PlusIcon, ShieldIcon, UploadIcon } from '../../ui/icons';
import { HEALTH_TEXTS } from './health/HealthDialog';

export interface VaultHeaderActionsProps {
  /** The buttons wait for the whole list (SPEC.md §2): nothing acts on a vault still loading. */
  readonly ready: boolean;
  /** Groups and Add Password. */
  readonly canCreate: boolean;
  readonly onImport: (() => void) | null;
  readonly onExport: (() => void) | null;
  /** The vault's health report (issue #23), when offered. */
  readonly onHealth?: (() => void) | null;
  readonly onGroups: () => void;
  /** Add Password here; none when it sits in the list's search bar (issue #43). */
  readonly onAdd?: (() => void) | null;
  /** 'New item': an item of any kind (issue #44), with the choice of kind in its form. */
  readonly onNewItem?: (() => void) | null;
}

export const NEW_ITEM_BUTTON = 'New item';

/** The vault header's buttons: Import and Export (when offered), Groups, New item and Add Password. */
export function VaultHeaderActions({ ready, canCreate, onImport, onExport, onHealth = null, onGroups, onAdd = null, onNewItem = null }: VaultHeaderActionsProps) {
  if (!canCreate && onImport === null && onExport === null && onHealth === null) return null;
  return (
    <div className="vault-section__actions">
      {onHealth !== null && (
        <Button variant="secondary" icon={<ShieldIcon />} onClick={onHealth} disabled={!ready}>
          {HEALTH_TEXTS.button}
        </Button>
      )}
      {onImport !== null && (
        <Button variant="secondary" icon={<UploadIcon />} onClick={onImport} disabled={!ready}>
          Import
        </Button>
      )}
      {onExport !== null && (
        <Button variant="secondary" icon={<DownloadIcon />} onClick={onExport} disabled={!ready}>
          Export
        </Button>
      )}
      {canCreate && (
        <>
          <Button variant="secondary" icon={<FolderIcon />} onClick={onGroups} disabled={!ready}>
            Groups
          </Button>
          {onNewItem !== null && (
            <Button variant="secondary" icon={<PlusIcon />} onClick={onNewItem} disabled={!ready}>
              {NEW_ITEM_BUTTON}
            </Button>
          )}
          {onAdd !== null && (
            <Button icon={<PlusIcon />} onClick={onAdd} disabled={!ready}>
              Add Password
            </Button>
          )}
        </>
      )}
    </div>
  );
}

/** Add Password, beside the list's search (issue #43: search and Add in one bar). */
export function AddPasswordButton({ disabled = false, onClick }: { readonly disabled?: boolean; readonly onClick: () => void }) {
  return (
    <Button icon={<PlusIcon />} onClick={onClick} disabled={disabled}>
      Add Password
    </Button>
  );
}
