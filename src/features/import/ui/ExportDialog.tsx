import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { PasswordField } from '../../../ui/PasswordField';
import { useSubmit } from '../../../ui/useSubmit';
import { buildExport, type ExportChoice } from './buildExport';
import { downloadText } from './download';
import { ExportDone, ExportStatus, type ExportPhase, type SavedExport } from './ExportStatus';
import { ExportFormatChoice, PlainExportWarning } from './ExportFormatChoice';
import { EXPORT_MESSAGES, hasErrors, INVALID_MASTER_PASSWORD, NO_ERRORS, validateExport, type ExportErrors } from './exportForm';
import type { ExportServices } from './services';
import './import.css';

export interface ExportDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly services: ExportServices;
  /** The clock, for the file's name and the export's date (tests pass a fixed one). */
  readonly now?: () => Date;
}

/** 'Export Passwords' (issue #20, item 5): the whole vault or team, built in the browser and saved. */
export function ExportDialog(props: ExportDialogProps) {
  // Mounted afresh on each opening: no password typed before stays in a field.
  return props.open ? <ExportForm {...props} /> : null;
}

function toError(failure: unknown): string {
  console.error(EXPORT_MESSAGES.failed, failure);
  return failure instanceof Error && failure.message !== '' ? failure.message : EXPORT_MESSAGES.failed;
}

function ExportForm({ onClose, services, now = () => new Date() }: ExportDialogProps) {
  const [masterPassword, setMasterPassword] = useState('');
  const [choice, setChoice] = useState<ExportChoice>('keyloft-encrypted');
  const [filePassword, setFilePassword] = useState('');
  const [confirmFilePassword, setConfirmFilePassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<ExportErrors>(NO_ERRORS);
  const [phase, setPhase] = useState<ExportPhase | null>(null);
  const [saved, setSaved] = useState<SavedExport | null>(null);
  const exporting = useSubmit(toError);
  const masterRef = useRef<HTMLInputElement>(null);
  const filePasswordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const encrypted = choice === 'keyloft-encrypted';
  const { busy } = exporting;
  // The field whose message was just shown, focused once it is enabled again (a new object each time).
  const [focusOn, setFocusOn] = useState<{ readonly field: 'master' | 'file' | 'confirm' } | null>(null);
  useEffect(() => {
    if (focusOn === null) return;
    ({ master: masterRef, file: filePasswordRef, confirm: confirmRef })[focusOn.field].current?.focus();
  }, [focusOn]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateExport({ masterPassword, choice, filePassword, confirmFilePassword, understood });
    setErrors(found);
    exporting.setError(null);
    if (hasErrors(found)) {
      // The first field with a message gets focus; its message is read with it.
      const field = found.masterPassword ? 'master' : found.filePassword ? 'file' : found.confirmFilePassword ? 'confirm' : null;
      if (field !== null) setFocusOn({ field });
      return;
    }
    const result = await exporting.submit(async () => {
      try {
        setPhase({ kind: 'checking' });
        if (!(await services.verifyMasterPassword(masterPassword))) return null;
        const vault = await services.collect((progress) => {
          setPhase({ kind: 'opening', ...progress });
        });
        setPhase({ kind: 'building' });
        const built = await buildExport(vault, choice, { filePassword, iterations: services.iterations, now: now() });
        downloadText(built.fileName, built.text, built.type);
        return { ...built, unreadable: vault.unreadable ?? 0 };
      } finally {
        setPhase(null);
      }
    });
    if (!result.done) return;
    if (result.value === null) {
      setErrors({ ...NO_ERRORS, masterPassword: INVALID_MASTER_PASSWORD });
      setFocusOn({ field: 'master' });
      return;
    }
    setSaved(result.value);
  }

  function close() {
    if (!busy) onClose();
  }

  return (
    <Dialog open onClose={close} title="Export Passwords" initialFocusRef={masterRef} hideCloseButton={busy || saved !== null}>
      {saved !== null ? (
        <ExportDone saved={saved} plain={!encrypted} onClose={onClose} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <PasswordField
            label="Master password"
            toggleName="master password"
            value={masterPassword}
            onChange={setMasterPassword}
            autoComplete="current-password"
            hint="Enter your master password again to export."
            error={errors.masterPassword}
            required
            disabled={busy}
            inputRef={masterRef}
          />
          <ExportFormatChoice
            value={choice}
            disabled={busy}
            onChange={(next) => {
              setChoice(next);
              setErrors({ ...errors, filePassword: null, confirmFilePassword: null, understood: null });
            }}
          />
          {encrypted ? (
            <>
              <PasswordField
                label="File password"
                toggleName="file password"
                value={filePassword}
                onChange={setFilePassword}
                autoComplete="new-password"
                hint="Anyone who has the file and this password can open it, in any Keyloft account. It cannot be recovered."
                error={errors.filePassword}
                required
                disabled={busy}
                inputRef={filePasswordRef}
              />
              <PasswordField
                label="Confirm file password"
                toggleName="file password confirmation"
                value={confirmFilePassword}
                onChange={setConfirmFilePassword}
                autoComplete="new-password"
                error={errors.confirmFilePassword}
                required
                disabled={busy}
                inputRef={confirmRef}
              />
            </>
          ) : (
            <PlainExportWarning understood={understood} onUnderstoodChange={setUnderstood} error={errors.understood} disabled={busy} />
          )}
          {exporting.error !== null && (
            <p role="alert" className="notice notice--error">
              {exporting.error}
            </p>
          )}
          {phase !== null && <ExportStatus phase={phase} />}
          <div className="import-dialog__actions">
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            {/* Enabled while busy so that focus stays on it; a press meanwhile does nothing. */}
            <Button type="submit">
              {busy ? 'Exporting…' : 'Export'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
