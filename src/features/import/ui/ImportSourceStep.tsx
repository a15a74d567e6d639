import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../../ui/Button';
import { useSubmit } from '../../../ui/useSubmit';
import { assertImportSize } from '../fileGuards';
import { IMPORT_FORMATS } from '../formats';
import { ImportFileError, NeedsFilePasswordError, type ImportFormatId, type ParseProgress, type ParsedImport } from '../model';
import type { ImportPlan } from '../plan/types';
import { browserImportReader } from '../read/browserReadWorker';
import { ReadCancelledError, type ImportReader } from '../read/importReader';
import { FilePasswordStep } from './FilePasswordStep';
import { FilePicker } from './FilePicker';
import { FormatChoice } from './FormatChoice';
import { READ_CANCELLED, ReadProgressView } from './ReadProgressView';
import type { ImportServices } from './services';

export const READ_FAILED = 'This file could not be read. Check that the format is right, or pick another file.';
export const PREVIEW_FAILED = 'The preview could not be prepared: the file was read, but comparing it with the passwords already here failed. Try again.';
export const FILE_PASSWORD_REQUIRED = 'Enter the password the file was exported with.';

interface Picked {
  /** As the browser handed it over: its bytes are read in the reading worker, not here. */
  readonly file: File;
  readonly formatId: ImportFormatId | null;
  readonly detected: boolean;
}

interface FilePassword {
  readonly message: string;
  readonly value: string;
  readonly error: string | null;
}

/** 'Preview' under way: the file read in the worker (progress null until its items are counted), then planned. */
interface Reading {
  readonly progress: ParseProgress | null;
  readonly planning: boolean;
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
  /** Reads picked files; the browser's reading worker unless a test gives another. */
  readonly reader?: ImportReader;
}

/**
 * Step 1: pick a file, confirm or correct its format, type its password when it is an encrypted
 * Keyloft export. 'Preview' reads the file and plans the import; nothing is written.
 */
export function ImportSourceStep({ services, onPlanned, onCancel, reader: givenReader }: ImportSourceStepProps) {
  const [reader] = useState(() => givenReader ?? browserImportReader());
  const [picked, setPicked] = useState<Picked | null>(null);
  const [password, setPassword] = useState<FilePassword | null>(null);
  const [progress, setProgress] = useState<Reading | null>(null);
  const [cancelled, setCancelled] = useState(false);
  // Bumped when a preview's read ends without a preview: the form is back, and focus goes to it.
  const [returned, setReturned] = useState(0);
  const reading = useSubmit(messageOf);
  const { busy, error } = reading;
  const passwordRef = useRef<HTMLInputElement>(null);
  const previewRef = useRef<HTMLButtonElement>(null);
  const abort = useRef<AbortController | null>(null);
  const passwordShown = password !== null;
  const passwordError = password?.error ?? null;

  // The password field, when it appears or says the password is wrong, takes focus once it is
  // enabled again, so the user types (again) where the message is.
  useEffect(() => {
    if (!busy && passwordShown) passwordRef.current?.focus();
  }, [busy, passwordShown, passwordError]);

  // Otherwise Preview takes it, where the user pressed before the progress view replaced the form.
  useEffect(() => {
    if (returned > 0 && !passwordShown) previewRef.current?.focus();
  }, [returned, passwordShown]);

  // Closing the dialog while the file is read stops the reading worker.
  useEffect(
    () => () => {
      abort.current?.abort();
    },
    [],
  );

  async function pick(file: File) {
    // A file that cannot be used changes nothing: the alert says why, the earlier pick stays.
    await reading.submit(async () => {
      // Before reading: a disk image picked by mistake is not read into memory to be refused.
      assertImportSize({ bytes: { byteLength: file.size } });
      const formatId = await reader.detect(file);
      setPicked({ file, formatId, detected: formatId !== null });
      setPassword(null);
      setCancelled(false);
    });
  }

  async function preview(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (picked === null || picked.formatId === null) return;
    if (password !== null && password.value === '') {
      setPassword({ ...password, error: FILE_PASSWORD_REQUIRED });
      return;
    }
    const result = await reading.submit(async () => {
      // Set up inside the submit: a press while a pick is still detected is dropped whole.
      const controller = new AbortController();
      abort.current = controller;
      setCancelled(false);
      setProgress({ progress: null, planning: false });
      try {
        return await readAndPlan(picked, controller.signal);
      } finally {
        abort.current = null;
        setProgress(null);
      }
    });
    if (result.done && result.value !== null) onPlanned(result.value);
    else setReturned((count) => count + 1);
  }

  /** The picked file read in the worker and planned; null when the file needs its password or the read was cancelled. */
  async function readAndPlan({ file, formatId }: Picked, signal: AbortSignal): Promise<ImportPlan | null> {
    if (formatId === null) return null;
    let parsed: ParsedImport;
    try {
      parsed = await reader.parse(file, formatId, {
        ...(password === null ? {} : { filePassword: password.value }),
        signal,
        onProgress: (counted) => {
          setProgress({ progress: counted, planning: false });
        },
      });
    } catch (failure) {
      if (failure instanceof ReadCancelledError) {
        setCancelled(true);
        return null;
      }
      if (!(failure instanceof NeedsFilePasswordError)) throw failure;
      setPassword((shown) => ({
        message: shown?.message ?? new NeedsFilePasswordError(false).message,
        value: shown?.value ?? '',
        error: failure.wrong ? failure.message : null,
      }));
      return null;
    }
    setProgress((current) => ({ progress: current?.progress ?? null, planning: true }));
    // The plan in a task of its own, after the one that took the worker's reply: neither lengthens
    // the other, and the page may render 'Preparing the preview…' between them.
    await new Promise((resolve) => setTimeout(resolve, 0));
    let plan: ImportPlan;
    try {
      plan = await services.plan(parsed);
    } catch (failure) {
      console.error(PREVIEW_FAILED, failure);
      throw new PreviewFailedError(PREVIEW_FAILED);
    }
    // Cancelled while the preview was prepared: nothing was written, and it is not shown.
    if (signal.aborted) {
      setCancelled(true);
      return null;
    }
    return plan;
  }

  const readingFile = picked !== null && progress !== null;
  return (
    <>
      {readingFile && (
        <ReadProgressView
          fileName={picked.file.name}
          progress={progress.progress}
          planning={progress.planning}
          onCancel={() => {
            abort.current?.abort();
          }}
        />
      )}
      {/* Hidden, not unmounted, while the file is read: what was typed and chosen stays as it was. */}
      <form hidden={readingFile} onSubmit={(event) => void preview(event)} noValidate>
      {/* Not disabled while a file is read: focus would drop to the page; a pick meanwhile is ignored. */}
      <FilePicker fileName={picked?.file.name ?? null} onPick={(file) => void pick(file)} />
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      {cancelled && error === null && (
        <p role="status" className="import-dialog__status">
          {READ_CANCELLED}
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
            setCancelled(false);
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
        <Button ref={previewRef} type="submit" disabled={picked === null || picked.formatId === null}>
          Preview
        </Button>
      </div>
      </form>
    </>
  );
}
