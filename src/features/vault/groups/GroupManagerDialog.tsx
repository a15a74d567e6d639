import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import type { Group, GroupDraft } from '../model';
import { GroupFormDialog } from './GroupFormDialog';
import { DECRYPT_FAILED_MESSAGE, failureText, GroupConflictError } from '../vaultErrors';
import { GROUP_MESSAGES } from './validateGroupDraft';
import { useSubmit } from '../../../ui/useSubmit';

export interface GroupManagerDialogProps {
  readonly open: boolean;
  readonly groups: readonly Group[];
  readonly onClose: () => void;
  readonly onCreate: (draft: GroupDraft) => Promise<void>;
  readonly onUpdate: (group: Group, draft: GroupDraft) => Promise<void>;
  readonly onDelete: (group: Group) => Promise<void>;
}

type Editing = { readonly group: Group | null } | null;

/** Lists, creates, edits and deletes groups (SPEC.md §2 "Group manager"). */
export function GroupManagerDialog({ open, groups, onClose, onCreate, onUpdate, onDelete }: GroupManagerDialogProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const { busy, error: deleteFailed, submit, setError: setDeleteFailed } = useSubmit((error) => {
    console.error(GROUP_MESSAGES.deleteFailed, error);
    return error instanceof GroupConflictError ? `${error.message} ${GROUP_MESSAGES.deleteAnyway}` : failureText(error, GROUP_MESSAGES.deleteFailed);
  });

  async function confirmDelete(group: Group) {
    await submit(async () => {
      try {
        await onDelete(group);
      } catch (error) {
        // Renamed meanwhile: confirming again deletes the group as it is now.
        if (error instanceof GroupConflictError) setDeleting(error.newer);
        throw error;
      }
      setDeleting(null);
    });
  }

  return (
    <>
      <Dialog open={open} onClose={onClose} title="Groups">
        {groups.length === 0 ? (
          <p>No groups yet. Groups keep related passwords together.</p>
        ) : (
          <ul className="group-list" aria-label="Groups">
            {groups.map((group) => (
              <li key={group.id} className="group-list__item">
                <div>
                  <strong>{group.name}</strong>
                  {group.description !== null && <p className="group-list__description">{group.description}</p>}
                  {group.damaged !== undefined && (
                    <p className="group-list__description">{`Damaged group: its stored document is damaged (${group.damaged}).`}</p>
                  )}
                  {group.undecryptable === true && <p className="group-list__description">{DECRYPT_FAILED_MESSAGE}</p>}
                </div>
                <div className="group-list__actions">
                  {/* A sealed name that did not open has nothing true to edit from (SPEC.md §8); deleting still works. */}
                  {group.undecryptable !== true && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit ${group.name}`}
                      onClick={() => {
                        setEditing({ group });
                      }}
                    >
                      Edit
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${group.name}`}
                    onClick={() => {
                      setDeleteFailed(null);
                      setDeleting(group);
                    }}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="vault-dialog-actions">
          <Button
            onClick={() => {
              setEditing({ group: null });
            }}
          >
            New Group
          </Button>
        </div>
      </Dialog>

      {open && editing !== null && (
        <GroupFormDialog
          group={editing.group}
          failureMessage={editing.group === null ? GROUP_MESSAGES.addFailed : GROUP_MESSAGES.updateFailed}
          onSubmit={async (draft) => {
            if (editing.group === null) return onCreate(draft);
            try {
              await onUpdate(editing.group, draft);
            } catch (error) {
              // Renamed meanwhile: the next save is on the newer revision (the form shows it).
              if (error instanceof GroupConflictError) setEditing({ group: error.newer });
              throw error;
            }
          }}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}

      {open && deleting !== null && (
        <ConfirmDialog
          title="Delete Group"
          confirmLabel="Delete Group"
          busyLabel="Deleting…"
          busy={busy}
          error={deleteFailed}
          buttonsClassName="vault-dialog-actions"
          onCancel={() => {
            setDeleting(null);
          }}
          onConfirm={() => void confirmDelete(deleting)}
        >
          <p>
            Delete the group “{deleting.name}”? Its passwords are kept and move to {"'No Group'"}.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
