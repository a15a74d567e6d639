// The page's side of readProtocol.ts (issue #44, item 4): the import screen asks an ImportReader
// which format a file is and for its items, and gets them as the formats themselves would give
// them (their ImportFileError and NeedsFilePasswordError included), only read in a worker, with
// progress, and cancellable. Each request has a worker of its own, terminated when it ends: a
// cancel stops the parser where it is, and nothing of one file's read outlives it.
import { ImportFileError, NeedsFilePasswordError, type ImportFormatId, type ParseProgress, type ParsedImport } from '../model';
import { isReadReply, type ReadFailure, type ReadReply, type ReadRequest } from './readProtocol';
import { answerReadRequest } from './readWorkerHost';

/** A worker as the reader uses it: a browser Worker (browserReadWorker.ts), a Node worker in tests, or this thread. */
export interface ReadWorker {
  postMessage(request: ReadRequest): void;
  /** Every message the worker sends, unchecked; `onFailure` when it cannot load, throws or sends what cannot be read. */
  listen(onMessage: (message: unknown) => void, onFailure: (error: Error) => void): void;
  terminate(): void;
}

export type ReadWorkerFactory = () => ReadWorker;

/** The read was cancelled: nothing of it is kept. */
export class ReadCancelledError extends Error {
  override readonly name = 'ReadCancelledError';
  constructor() {
    super('Reading the file was cancelled.');
  }
}

export interface ReadOptions {
  readonly filePassword?: string;
  /** A KeePass database's key file, as chosen. */
  readonly keyFile?: Uint8Array;
  readonly onProgress?: (progress: ParseProgress) => void;
  /** Aborted by Cancel: the worker is terminated and the read rejects with ReadCancelledError. */
  readonly signal?: AbortSignal;
}

export interface ImportReader {
  /** The format that recognises the file, or null; rejects with ImportFileError for a file no format can read. */
  detect(file: File): Promise<ImportFormatId | null>;
  /** The file read as `format`; rejects as the format's parse does, or with ReadCancelledError. */
  parse(file: File, format: ImportFormatId, options?: ReadOptions): Promise<ParsedImport>;
}

/** A reply that ends a request, its progress aside. */
type FinalReply = Exclude<ReadReply, { readonly type: 'progress' }>;

export const BAD_REPLY = 'The import reader sent a reply that is not one of the protocol’s.';

function errorOf(failure: ReadFailure): Error {
  switch (failure.kind) {
    case 'file':
      return new ImportFileError(failure.message);
    case 'password':
      return new NeedsFilePasswordError(failure.wrong, failure.lock, failure.keyFileGiven);
    case 'unexpected':
      return new Error(failure.message);
  }
}

/**
 * The same code as the worker's, answering in this thread (jsdom, Node, a browser without module
 * workers), behind the same interface. A parser running here cannot be interrupted: terminate
 * drops whatever it would still send, so a cancelled read still keeps nothing.
 */
export function inThisThread(): ReadWorker {
  let listener: ((message: unknown) => void) | null = null;
  let stopped = false;
  return {
    postMessage: (request) => {
      void answerReadRequest(request, (reply) => {
        if (!stopped) listener?.(reply);
      });
    },
    listen: (onMessage) => {
      listener = onMessage;
    },
    terminate: () => {
      stopped = true;
    },
  };
}

async function ask(createWorker: ReadWorkerFactory, request: ReadRequest, options: ReadOptions): Promise<FinalReply> {
  const { signal, onProgress } = options;
  if (signal?.aborted === true) throw new ReadCancelledError();
  const worker = createWorker();
  let onAbort: () => void = () => undefined;
  try {
    return await new Promise<FinalReply>((resolve, reject) => {
      onAbort = () => {
        reject(new ReadCancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.listen(
        (message) => {
          if (!isReadReply(message)) {
            reject(new Error(BAD_REPLY));
          } else if (message.type === 'progress') {
            onProgress?.({ read: message.read, total: message.total });
          } else {
            resolve(message);
          }
        },
        reject,
      );
      worker.postMessage(request);
    });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Ended, failed or cancelled alike: a parser still running stops here.
    worker.terminate();
  }
}

/** An ImportReader on `createWorker`'s workers, or on this thread when there are none (null). */
export function importReader(createWorker: ReadWorkerFactory | null): ImportReader {
  const workers = createWorker ?? inThisThread;
  return {
    async detect(file) {
      const reply = await ask(workers, { type: 'detect', name: file.name, file }, {});
      if (reply.type === 'failed') throw errorOf(reply.failure);
      if (reply.type !== 'detected') throw new Error(BAD_REPLY);
      return reply.format;
    },
    async parse(file, format, options = {}) {
      const { filePassword, keyFile } = options;
      const request: ReadRequest = {
        type: 'parse',
        name: file.name,
        file,
        format,
        ...(filePassword === undefined ? {} : { filePassword }),
        ...(keyFile === undefined ? {} : { keyFile }),
      };
      const reply = await ask(workers, request, options);
      if (reply.type === 'failed') throw errorOf(reply.failure);
      if (reply.type !== 'parsed' || reply.parsed.format !== format) throw new Error(BAD_REPLY);
      return reply.parsed;
    },
  };
}
