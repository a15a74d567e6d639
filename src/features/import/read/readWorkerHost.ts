// The reading worker's side of readProtocol.ts: what readWorker.ts runs, and what the page runs in
// its own thread where there is no Worker (importReader.ts). The same code either way, so the
// messages the page checks are the ones a browser worker sends.
import { detectFormat } from '../detect';
import { assertImportSize } from '../fileGuards';
import { IMPORT_FORMATS, importFormat } from '../formats';
import { ImportFileError, NeedsFilePasswordError, type ImportFile, type ParseOptions, type ParseProgress } from '../model';
import { isReadRequest, type ReadFailure, type ReadReply, type ReadRequest } from './readProtocol';

/**
 * Progress crosses to the page at most once in this many ms (and at the first and last item):
 * every message is a task on the page's main thread, and a bar needs no more.
 */
export const PROGRESS_EVERY_MS = 50;

export const NOT_A_REQUEST = 'The import reader was sent something that is not a read request.';

function failureOf(error: unknown): ReadFailure {
  if (error instanceof NeedsFilePasswordError) return { kind: 'password', wrong: error.wrong, lock: error.lock, keyFileGiven: error.keyFileGiven };
  if (error instanceof ImportFileError) return { kind: 'file', message: error.message };
  return { kind: 'unexpected', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}

/** The file's bytes, refused before they are read when there are too many (as the page did before). */
async function importFileOf(request: ReadRequest): Promise<ImportFile> {
  assertImportSize({ bytes: { byteLength: request.file.size } });
  return { name: request.name, bytes: new Uint8Array(await request.file.arrayBuffer()) };
}

/** The parser's every-item progress, thinned to what is worth a message. */
function thinned(reply: (message: ReadReply) => void, now: () => number): (progress: ParseProgress) => void {
  let last = Number.NEGATIVE_INFINITY;
  return ({ read, total }) => {
    const at = now();
    if (read !== 0 && read !== total && at - last < PROGRESS_EVERY_MS) return;
    last = at;
    reply({ type: 'progress', read, total });
  };
}

/**
 * Answers one request with its replies: progress while a parse reads items, then exactly one of
 * 'detected', 'parsed' or 'failed'. Never rejects.
 */
export async function answerReadRequest(request: ReadRequest, reply: (message: ReadReply) => void, now = () => performance.now()): Promise<void> {
  try {
    const file = await importFileOf(request);
    if (request.type === 'detect') {
      reply({ type: 'detected', format: detectFormat(file, IMPORT_FORMATS)?.id ?? null });
      return;
    }
    // A locked file (a KeePass database, a password-protected Bitwarden export) is opened by its
    // format's parse with the password (and key file) given (../unlock/), here in the worker too.
    const options: ParseOptions = {
      ...(request.filePassword === undefined ? {} : { filePassword: request.filePassword }),
      ...(request.keyFile === undefined ? {} : { keyFile: request.keyFile }),
      onProgress: thinned(reply, now),
    };
    reply({ type: 'parsed', parsed: await importFormat(request.format).parse(file, options) });
  } catch (error) {
    reply({ type: 'failed', failure: failureOf(error) });
  }
}

/** What readWorker.ts hands over of the worker's global scope. */
export interface ReadWorkerScope {
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  postMessage(message: ReadReply): void;
}

/** Answers every message the scope receives; one that is not a read request gets a 'failed' reply, nothing else. */
export function serveReadRequests(scope: ReadWorkerScope): void {
  scope.addEventListener('message', (event) => {
    const request = event.data;
    if (!isReadRequest(request)) {
      scope.postMessage({ type: 'failed', failure: { kind: 'unexpected', message: NOT_A_REQUEST } });
      return;
    }
    void answerReadRequest(request, (message) => {
      scope.postMessage(message);
    });
  });
}
