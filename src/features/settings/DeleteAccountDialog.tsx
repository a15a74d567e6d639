import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PasswordField } from '../../ui/PasswordField';
import { useSubmit } from '../../ui/useSubmit';
import { KdfMemoryError } from '../../crypto';
import { ACCOUNT_DELETION_MESSAGES as MESSAGES, InvalidMasterPasswordError, type AccountDeletionApi, type TeamToDelete } from './accountDeletion';
import './settings.css';

export interface DeleteAccountDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly api: AccountDeletionApi;
  /** After the deletion and the sign-out: the caller navigates to '/'. */
  readonly onDeleted: () => void;
}

export const TEAMS_LOAD_FAILED = 'Failed to load teams/passwords';

type Teams = { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'loaded'; readonly teams: readonly TeamToDelete[] };

/**
 * 'Delete Account' (SPEC.md §2 Account Settings, §4 "Account deletion", §5 "Delete account"): lists
 * the teams deleted with the account, asks for the master password, and shows the 'Invalid Master
 * Password' dialog when it does not open the check value. It cannot be closed while deleting.
 */
export function DeleteAccountDialog(props: DeleteAccountDialogProps) {
  // Mounted afresh on each opening: the team list is loaded again and the field starts empty.
  return props.open ? <DeleteAccountForm {...props} /> : null;
}

function DeleteAccountForm({ onClose, api, onDeleted }: DeleteAccountDialogProps) {
  const passwordRef = useRef<HTMLInputElement>(null);
  const [teams, setTeams] = useState<Teams>({ state: 'loading' });
  const [masterPassword, setMasterPassword] = useState('');
  const deleting = useSubmit((failure) => {
    // A device without Argon2id's memory: the crypto layer's own message says what to do.
    if (failure instanceof KdfMemoryError) return failure.message;
    console.error(MESSAGES.failed, failure);
    return failure instanceof Error && failure.message !== '' ? failure.message : MESSAGES.failed;
  });
  const { busy: running, error } = deleting;
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    let live = true;
    api.listTeamsToDelete().then(
      (loaded) => {
        if (live) setTeams({ state: 'loaded', teams: loaded });
      },
      (failure: unknown) => {
        console.error(TEAMS_LOAD_FAILED, failure);
        if (live) setTeams({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (running || masterPassword === '' || teams.state !== 'loaded') return;
    const result = await deleting.submit(async () => {
      try {
        await api.deleteAccount(masterPassword);
      } catch (failure) {
        // Not an error to show in the form: its own dialog says so.
        if (failure instanceof InvalidMasterPasswordError) return 'invalid';
        throw failure;
      }
      return 'deleted';
    });
    if (!result.done) return;
    if (result.value === 'invalid') setInvalid(true);
    else onDeleted();
  }

  function dismissInvalid() {
    setInvalid(false);
  }

  function close() {
    if (!running) onClose();
  }

  return (
    <>
      <Dialog open onClose={close} title={MESSAGES.title} size="sm" initialFocusRef={passwordRef}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <p>
            This permanently deletes your account, your passwords and your groups. <strong>This cannot be undone.</strong>
          </p>
          {teams.state === 'loading' && (
            <p role="status" className="settings-dialog__progress">
              Loading your teams…
            </p>
          )}
          {teams.state === 'failed' && (
            <p role="alert" className="notice notice--error">
              {TEAMS_LOAD_FAILED}
            </p>
          )}
          {teams.state === 'loaded' && teams.teams.length > 0 && (
            <>
              <p id="delete-account-teams">These teams you own will be deleted with all their passwords, for every member:</p>
              <ul aria-labelledby="delete-account-teams" className="settings-dialog__teams">
                {teams.teams.map((team) => (
                  <li key={team.id}>{team.name}</li>
                ))}
              </ul>
            </>
          )}
          {teams.state === 'loaded' && teams.teams.length === 0 && <p>You do not own any team.</p>}
          <p>Teams you joined but do not own stay with their other members.</p>
          <p>{MESSAGES.billing}</p>
          <PasswordField
            label="Master Password"
            toggleName="master password"
            value={masterPassword}
            onChange={setMasterPassword}
            autoComplete="current-password"
            hint="Enter your master password to confirm."
            required
            disabled={running}
            inputRef={passwordRef}
          />
          {error !== null && (
            <p role="alert" className="notice notice--error">
              {error}
            </p>
          )}
          {running && (
            <p role="status" className="settings-dialog__progress">
              Deleting your account and its data…
            </p>
          )}
          <div className="settings-dialog__buttons">
            <Button variant="secondary" onClick={close} disabled={running}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={running || masterPassword === '' || teams.state !== 'loaded'}>
              {running ? 'Deleting…' : MESSAGES.confirm}
            </Button>
          </div>
        </form>
      </Dialog>
      <Dialog open={invalid} onClose={dismissInvalid} title={MESSAGES.invalidTitle} size="sm">
        <p role="alert">{MESSAGES.invalid}</p>
        <div className="settings-dialog__buttons">
          <Button onClick={dismissInvalid}>OK</Button>
        </div>
      </Dialog>
    </>
  );
}
