import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../../ui/Button';
import { useSubmit } from '../../../ui/useSubmit';
import { detectFormat } from '../detect';
import { assertImportSize } from '../fileGuards';
import { IMPORT_FORMATS, importFormat } from '../formats';
import { ImportFileError, NeedsFilePasswordError, type ImportFile, type ImportFormatId, type ParseOptions, type ParsedImport } from '../model';
import type { ImportPlan } from '../plan/types';
import { FilePasswordStep } from './FilePasswordStep';
import { FilePicker } from './FilePicker';
import { FormatChoice } from './FormatChoice';
import type { ImportServices } from './services';

export const READ_FAILED = 'This file could not be read. Check that the format is right, or pick another file.';
export const PREVIEW_FAILED = 'The preview could not be prepared: the file was read, but comparing it with the passwords already here failed. Try again.';
export const FILE_PASSWORD_REQUIRED = 'Enter the password the file was exported with.';

interface Picked {
  readonly file: ImportFile;
  readonly formatId: ImportFormatId | null;
  readonly detected: boolean;
}

interface FilePassword {
  readonly message: string;
  readonly value: string;
  readonly error: string | null;
}

/** The planner failed, not the file: said differently, so the user does not go looking for another file. */
class PreviewFailedError extends Error {}

function messageOf(failure: unknown): string {
  if (failure instanceof ImportFileError || failure instanceof PreviewFailedError) return failure.message;
  console.error(READ_FAILED, failure);
  return READ_FAILED;
}

export interface ImportSourceStepProps {
  readonly services: ImportServices;
  readonly onPlanned: (plan: ImportPlan) => void;
  readonly onCancel: () => void;
}

/**
 * Step 1: pick a file, confirm or correct its format, type its password when it is an encrypted
 * Keyloft export. 'Preview' reads the file and plans the import; nothing is written.
 */
export function ImportSourceStep({ services, onPlanned, onCancel }: ImportSourceStepProps) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const [password, setPassword] = useState<FilePassword | null>(null);
  const reading = useSubmit(messageOf);
  const { busy, error } = reading;
  const passwordRef = useRef<HTMLInputElement>(null);
  const passwordShown = password !== null;
  const passwordError = password?.error ?? null;

  // The password field, when it appears or says the password is wrong, takes focus once it is
  // enabled again, so the user types (again) where the message is.
  useEffect(() => {
    if (!busy && passwordShown) passwordRef.current?.focus();
  }, [busy, passwordShown, passwordError]);

  async function pick(file: File) {
    // A file that cannot be used changes nothing: the alert says why, the earlier pick stays.
    await reading.submit(async () => {
      // Before reading: a disk image picked by mistake is not read into memory to be refused.
      assertImportSize({ bytes: { byteLength: file.size } });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const importFile: ImportFile = { name: file.name, bytes };
      const format = detectFormat(importFile, IMPORT_FORMATS);
      setPicked({ file: importFile, formatId: format?.id ?? null, detected: format !== null });
      setPassword(null);
    });
  }

  async function preview(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (picked === null || picked.formatId === null) return;
    if (password !== null && password.value === '') {
      setPassword({ ...password, error: FILE_PASSWORD_REQUIRED });
      return;
    }
    const format = importFormat(picked.formatId);
    const options: ParseOptions = password === null ? {} : { filePassword: password.value };
    const result = await reading.submit(async () => {
      let parsed: ParsedImport;
      try {
        parsed = await format.parse(picked.file, options);
      } catch (failure) {
        if (!(failure instanceof NeedsFilePasswordError)) throw failure;
        setPassword((shown) => ({
          message: shown?.message ?? new NeedsFilePasswordError(false).message,
          value: shown?.value ?? '',
          error: failure.wrong ? failure.message : null,
        }));
        return null;
      }
      try {
        return await services.plan(parsed);
      } catch (failure) {
        console.error(PREVIEW_FAILED, failure);
        throw new PreviewFailedError(PREVIEW_FAILED);
      }
    });
    if (result.done && result.value !== null) onPlanned(result.value);
  }

  return (
    <form onSubmit={(event) => void preview(event)} noValidate>
      {/* Not disabled while a file is read: focus would drop to the page; a pick meanwhile is ignored. */}
      <FilePicker fileName={picked?.file.name ?? null} onPick={(file) => void pick(file)} />
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      {picked !== null && (
        <FormatChoice
          formats={IMPORT_FORMATS}
          value={picked.formatId}
          detected={picked.detected}
          disabled={busy}
          onChange={(formatId) => {
            reading.setError(null);
            setPassword(null);
            setPicked({ ...picked, formatId, detected: false });
          }}
        />
      )}
      {picked !== null && password !== null && (
        <FilePasswordStep
          message={password.message}
          value={password.value}
          error={password.error}
          disabled={busy}
          inputRef={passwordRef}
          onChange={(value) => {
            setPassword({ ...password, value, error: null });
          }}
        />
      )}
      {busy && picked !== null && (
        <p role="status" className="import-dialog__status">
          Reading the file…
        </p>
      )}
      <div className="import-dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {/* Enabled while busy, so focus stays on it; a second press meanwhile is dropped (useSubmit). */}
        <Button type="submit" disabled={picked === null || picked.formatId === null}>
          Preview
        </Button>
      </div>
    </form>
  );
}
