import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../../ui/Button';
import { useSubmit } from '../../../ui/useSubmit';
import { MAX_IMPORT_BYTES, assertImportSize } from '../fileGuards';
import { IMPORT_FORMATS } from '../formats';
import { ImportFileError, NeedsFilePasswordError, type FileLock, type ImportFile, type ImportFormatId, type ParseProgress, type ParsedImport } from '../model';
import type { ImportPlan } from '../plan/types';
import { browserImportReader } from '../read/browserReadWorker';
import { ReadCancelledError, type ImportReader, type ReadOptions } from '../read/importReader';
import { FilePasswordStep } from './FilePasswordStep';
import { FilePicker } from './FilePicker';
import { FormatChoice } from './FormatChoice';
import { READ_CANCELLED, ReadProgressView } from './ReadProgressView';
import type { ImportServices } from './services';

export const READ_FAILED = 'This file could not be read. Check that the format is right, or pick another file.';
export const PREVIEW_FAILED = 'The preview could not be prepared: the file was read, but comparing it with the passwords already here failed. Try again.';
export const FILE_PASSWORD_REQUIRED = 'Enter the password the file was exported with.';
export const KEY_FILE_TOO_LARGE = 'That key file is over 20 MiB: choose the key file the database was set up with.';
export const KEY_FILE_UNREADABLE = 'The key file could not be read. Choose it again.';
export const KEEPASS_PASSWORD_REQUIRED = 'Enter the database’s master password, or choose its key file if it opens with that alone.';

interface Picked {
  /** As the browser handed it over: its bytes are read in the reading worker, not here. */
  readonly file: File;
  readonly formatId: ImportFormatId | null;
  readonly detected: boolean;
}

interface FilePassword {
  readonly lock: FileLock;
  readonly message: string;
  readonly value: string;
  readonly error: string | null;
  /** A KeePass database's key file, as chosen. */
  readonly keyFile: ImportFile | null;
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

function unlockOptions(password: FilePassword | null): Pick<ReadOptions, 'filePassword' | 'keyFile'> {
  if (password === null) return {};
  return password.keyFile === null ? { filePassword: password.value } : { filePassword: password.value, keyFile: password.keyFile.bytes };
}

/** A password is needed before trying, except for a KeePass database whose key file alone may open it. */
function missingPassword(password: FilePassword | null): string | null {
  if (password === null || password.value !== '') return null;
  if (password.lock === 'export') return FILE_PASSWORD_REQUIRED;
  return password.keyFile === null ? KEEPASS_PASSWORD_REQUIRED : null;
}

/**
 * Step 1: pick a file, confirm or correct its format, type its password when it is encrypted (a
 * Keyloft or password-protected Bitwarden export; a KeePass database, with its key file if it has
 * one). 'Preview' reads the file and plans the import; nothing is written.
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

  // The key file is read beside the form, not as a submit: focus stays on its control.
  function keyFileChoice(shown: FilePassword) {
    const update = (change: Partial<FilePassword>) => {
      setPassword((current) => (current === null ? current : { ...current, ...change }));
    };
    return {
      name: shown.keyFile?.name ?? null,
      onPick: (file: File) => {
        // KeePass takes any file as a key file; the import's size limit keeps a wrong pick out of memory.
        if (file.size > MAX_IMPORT_BYTES) {
          update({ error: KEY_FILE_TOO_LARGE });
          return;
        }
        file.arrayBuffer().then(
          (buffer) => {
            update({ keyFile: { name: file.name, bytes: new Uint8Array(buffer) }, error: null });
          },
          () => {
            update({ error: KEY_FILE_UNREADABLE });
          },
        );
      },
      onClear: () => {
        update({ keyFile: null, error: null });
      },
    };
  }

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
    const missing = missingPassword(password);
    if (password !== null && missing !== null) {
      setPassword({ ...password, error: missing });
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
        ...unlockOptions(password),
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
        lock: failure.lock,
        message: shown?.message ?? NeedsFilePasswordError.messageFor(false, failure.lock),
        value: shown?.value ?? '',
        error: failure.wrong ? failure.message : null,
        keyFile: shown?.keyFile ?? null,
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
          keyFile={password.lock === 'keepass' ? keyFileChoice(password) : undefined}
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
