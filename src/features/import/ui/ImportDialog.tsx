import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { failureMessage } from '../../../ui/useSubmit';
import type { ImportPlan } from '../plan/types';
import type { ImportReader } from '../read/importReader';
import type { ImportProgress } from '../run/types';
import { ImportPreview } from './ImportPreview';
import { ImportOutcomeView, ImportProgressView, type ImportEnd } from './ImportProgressView';
import { ImportSourceStep } from './ImportSourceStep';
import type { ImportRunInput, ImportServices } from './services';
import './import.css';

export interface ImportDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly services: ImportServices;
  /** Reads the picked file (detection and parsing); the browser's reading worker unless a test gives another. */
  readonly reader?: ImportReader;
}

type Step =
  | { readonly kind: 'source' }
  | { readonly kind: 'preview'; readonly plan: ImportPlan }
  | { readonly kind: 'running'; readonly progress: ImportProgress; readonly stopping: boolean }
  | { readonly kind: 'ended'; readonly end: ImportEnd };

/**
 * 'Import Passwords' (issue #20): pick a file, preview what it will do, import with progress and
 * Stop. Nothing is written before the preview's Import button.
 */
export function ImportDialog(props: ImportDialogProps) {
  // Mounted afresh on each opening: every import starts from the file picker.
  return props.open ? <ImportFlow {...props} /> : null;
}

function ImportFlow({ onClose, services, reader }: ImportDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'source' });
  const abort = useRef<AbortController | null>(null);

  // Closing the panel under a running import stops it between batches, as Stop does.
  useEffect(
    () => () => {
      abort.current?.abort();
    },
    [],
  );

  async function run(input: ImportRunInput) {
    const controller = new AbortController();
    abort.current = controller;
    let last: ImportProgress = { written: 0, total: input.entries.length };
    setStep({ kind: 'running', progress: last, stopping: false });
    let end: ImportEnd;
    try {
      const outcome = await services.run(input, {
        signal: controller.signal,
        onProgress: (progress) => {
          last = progress;
          setStep((current) => (current.kind === 'running' ? { ...current, progress } : current));
        },
      });
      end = outcome.cancelled
        ? { kind: 'cancelled', written: outcome.written, total: outcome.total }
        : { kind: 'done', written: outcome.written };
    } catch (failure) {
      end = { kind: 'failed', written: last.written, total: last.total, failure: failureMessage(failure) };
    }
    abort.current = null;
    // The vault's live read (issue #22) shows what the run wrote as it was written: no reload.
    setStep({ kind: 'ended', end });
  }

  function stop() {
    abort.current?.abort();
    setStep((current) => (current.kind === 'running' ? { ...current, stopping: true } : current));
  }

  return (
    <Dialog
      open
      size="lg"
      title="Import Passwords"
      // While running the × would do nothing (Stop is the way out); once ended, Close is there.
      hideCloseButton={step.kind === 'running' || step.kind === 'ended'}
      onClose={() => {
        // While entries are written the dialog stays: Stop is the way out, and says what was written.
        if (step.kind !== 'running') onClose();
      }}
    >
      {step.kind === 'source' && (
        <ImportSourceStep
          services={services}
          {...(reader === undefined ? {} : { reader })}
          onCancel={onClose}
          onPlanned={(plan) => {
            setStep({ kind: 'preview', plan });
          }}
        />
      )}
      {step.kind === 'preview' && (
        <ImportPreview
          plan={step.plan}
          skippedListCsv={(notImported) => services.skippedListCsv(notImported)}
          onCancel={onClose}
          onImport={(input) => void run(input)}
        />
      )}
      {step.kind === 'running' && <ImportProgressView progress={step.progress} stopping={step.stopping} onStop={stop} />}
      {step.kind === 'ended' && <ImportOutcomeView end={step.end} onClose={onClose} />}
    </Dialog>
  );
}
