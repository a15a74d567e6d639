// The import's reading worker (issue #44, item 4): the real worker module (readWorker.ts) on a
// worker_threads thread answers as the formats do in this thread, progress included; Cancel
// terminates it mid-file; and the page refuses a reply that is not the protocol's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectFormat } from '../../../../src/features/import/detect';
import { exportKeyloftEncrypted } from '../../../../src/features/import/export';
import { IMPORT_FORMATS, importFormat } from '../../../../src/features/import/formats';
import { ImportFileError, NeedsFilePasswordError, type ImportFormatId, type ParseProgress } from '../../../../src/features/import/model';
import { LOCKED_FILE_MESSAGES } from '../../../../src/features/import/formats/lockedFiles';
import { BAD_REPLY, ReadCancelledError, importReader, inThisThread, type ReadWorker } from '../../../../src/features/import/read/importReader';
import type { ReadReply } from '../../../../src/features/import/read/readProtocol';
import { NOT_A_REQUEST, serveReadRequests } from '../../../../src/features/import/read/readWorkerHost';
import { keepassXmlOf } from '../../../support/largeImportFiles';
import { nodeReadWorker, type NodeReadWorker } from '../../../support/nodeReadWorkers';
import { fileOf, fixtureBytes } from '../importFixtures';

const started: NodeReadWorker[] = [];
afterEach(async () => {
  for (const worker of started.splice(0)) {
    worker.terminate();
    await worker.exited;
  }
});

/** A reader on real worker threads, each one kept for the test to look at. */
function threadReader() {
  return importReader(() => {
    const worker = nodeReadWorker();
    started.push(worker);
    return worker;
  });
}

const fixture = (name: string) => new File([fixtureBytes(name).slice()], name);

/** What the format's own parse gives in this thread, or its error. */
async function inThread(id: ImportFormatId, file: File) {
  return importFormat(id)
    .parse(fileOf(file.name, new Uint8Array(await file.arrayBuffer())), {})
    .then(
      (parsed) => ({ parsed }),
      (error: unknown) => ({ error }),
    );
}

describe('the reading worker (readWorker.ts on a worker thread)', () => {
  it('detects each fixture as detectFormat does here', async () => {
    const reader = threadReader();
    for (const name of ['keepass.xml', 'bitwarden-personal.json', 'lastpass.csv', 'keyloft.csv']) {
      const here = detectFormat(fileOf(name, fixtureBytes(name)), IMPORT_FORMATS)?.id ?? null;
      expect(await reader.detect(fixture(name))).toBe(here);
    }
    expect(await reader.detect(new File(['just some text\n'], 'notes.txt'))).toBeNull();
  });

  it('parses to exactly what the format gives here', async () => {
    const reader = threadReader();
    for (const [name, id] of [['keepass.xml', 'keepass-xml'], ['bitwarden-personal.json', 'bitwarden-json'], ['keyloft-plain-v1.json', 'keyloft']] as const) {
      const here = await inThread(id, fixture(name));
      expect(await reader.parse(fixture(name), id)).toEqual('parsed' in here ? here.parsed : null);
    }
  });

  it("gives the parser's errors as the same classes with the same messages", async () => {
    const reader = threadReader();
    const chrome = fixture('chrome.csv');
    const here = await inThread('bitwarden-json', chrome);
    const there: unknown = await reader.parse(chrome, 'bitwarden-json').catch((error: unknown) => error);
    expect(there).toBeInstanceOf(ImportFileError);
    expect((there as Error).message).toBe((here as { error: Error }).error.message);
    const locked: unknown = await reader.detect(fixture('bitwarden-encrypted.json')).catch((error: unknown) => error);
    expect(locked).toBeInstanceOf(ImportFileError);
    expect((locked as Error).message).toBe(LOCKED_FILE_MESSAGES.bitwardenAccount);
    // A password-protected export is read as Bitwarden's, and its parse asks for the password, lock and all.
    const protectedExport = fixture('bitwarden-password-protected.json');
    expect(await reader.detect(protectedExport)).toBe('bitwarden-json');
    const asked: unknown = await reader.parse(protectedExport, 'bitwarden-json').catch((error: unknown) => error);
    expect(asked).toBeInstanceOf(NeedsFilePasswordError);
    expect(asked).toMatchObject({ wrong: false, lock: 'export', keyFileGiven: false });
  });

  it('asks for the password of an encrypted Keyloft export, says when it is wrong, and opens it with the right one', async () => {
    const reader = threadReader();
    const vault = { entries: [{ title: 'Intranet', url: null, username: 'ana', password: 'pw', notes: null, group: null }], groups: [] };
    const file = new File([await exportKeyloftEncrypted(vault, { password: 'file secret', iterations: 100_000 })], 'export.json');
    const asked: unknown = await reader.parse(file, 'keyloft').catch((error: unknown) => error);
    expect(asked).toBeInstanceOf(NeedsFilePasswordError);
    expect((asked as NeedsFilePasswordError).wrong).toBe(false);
    const wrong: unknown = await reader.parse(file, 'keyloft', { filePassword: 'file secreT' }).catch((error: unknown) => error);
    expect((wrong as NeedsFilePasswordError).wrong).toBe(true);
    expect((await reader.parse(file, 'keyloft', { filePassword: 'file secret' })).items.map((item) => item.title)).toEqual(['Intranet']);
  });

  it('reports progress while it reads: from 0 to every item, counted up, thinned', async () => {
    const reader = threadReader();
    const seen: ParseProgress[] = [];
    const parsed = await reader.parse(new File([keepassXmlOf(3000)], 'big.xml'), 'keepass-xml', { onProgress: (progress) => seen.push(progress) });
    expect(parsed.items).toHaveLength(3000);
    expect(seen[0]).toEqual({ read: 0, total: 3000 });
    expect(seen.at(-1)).toEqual({ read: 3000, total: 3000 });
    expect(seen.every((progress, index) => index === 0 || progress.read >= (seen[index - 1]?.read ?? 0))).toBe(true);
    expect(seen.length).toBeLessThan(3000);
  });

  it('answers a message that is not a read request with a failure and nothing else', async () => {
    const worker = nodeReadWorker();
    started.push(worker);
    const replies: unknown[] = [];
    const answered = new Promise<void>((resolve) => {
      worker.listen(
        (message) => {
          replies.push(message);
          resolve();
        },
        () => undefined,
      );
    });
    worker.postRaw({ type: 'parse', name: 'x.csv', file: new Blob(['a']), format: 'not-a-format' });
    await answered;
    expect(replies).toEqual([{ type: 'failed', failure: { kind: 'unexpected', message: NOT_A_REQUEST } }]);
  });
});

describe('Cancel', () => {
  it('terminates the worker in the middle of a 10,000-item file and rejects with ReadCancelledError', async () => {
    const reader = threadReader();
    const controller = new AbortController();
    const seen: ParseProgress[] = [];
    const reading = reader.parse(new File([keepassXmlOf(10_000)], 'big.xml'), 'keepass-xml', {
      signal: controller.signal,
      onProgress: (progress) => {
        seen.push(progress);
        // Cancelled once the parser is counting items: the worker is busy in a synchronous loop.
        if (progress.read > 0) controller.abort();
      },
    });
    await expect(reading).rejects.toBeInstanceOf(ReadCancelledError);
    const [worker] = started;
    if (worker === undefined) throw new Error('no worker was started');
    // The thread stopped: terminate ends it wherever it was; it never sent 'parsed'.
    expect(await worker.exited).toBe(1);
    expect(worker.received.some((message) => (message as ReadReply).type === 'parsed')).toBe(false);
    // Cancelled before the parse returned: on a busy machine the count may reach the end first.
    expect(seen.at(-1)?.read).toBeLessThanOrEqual(10_000);
  });

  it('does not start a worker for a read cancelled before it began', async () => {
    const createWorker = vi.fn(inThisThread);
    const controller = new AbortController();
    controller.abort();
    await expect(importReader(createWorker).parse(fixture('chrome.csv'), 'chrome-csv', { signal: controller.signal })).rejects.toBeInstanceOf(
      ReadCancelledError,
    );
    expect(createWorker).not.toHaveBeenCalled();
  });

  it('in this thread, drops everything the parser sends after the cancel', async () => {
    const worker = inThisThread();
    const terminate = vi.spyOn(worker, 'terminate');
    const controller = new AbortController();
    const progress = vi.fn();
    const reading = importReader(() => worker).parse(new File([keepassXmlOf(200)], 'x.xml'), 'keepass-xml', { signal: controller.signal, onProgress: progress });
    controller.abort();
    await expect(reading).rejects.toBeInstanceOf(ReadCancelledError);
    expect(terminate).toHaveBeenCalledTimes(1);
    // The parse ran on; nothing of it reached the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(progress).not.toHaveBeenCalled();
  });
});

describe('the page side (importReader.ts)', () => {
  /** A worker that answers every request with `replies`, recording that it was terminated. */
  function answering(replies: readonly unknown[]): ReadWorker & { terminated: boolean } {
    let onMessage: (message: unknown) => void = () => undefined;
    const worker = {
      terminated: false,
      postMessage: () => {
        for (const reply of replies) {
          queueMicrotask(() => {
            onMessage(reply);
          });
        }
      },
      listen: (listener: (message: unknown) => void) => {
        onMessage = listener;
      },
      terminate: () => {
        worker.terminated = true;
      },
    };
    return worker;
  }

  it.each([
    ['a reply of no known type', [{ type: 'written', count: 3 }]],
    ['a parsed file that is not one', [{ type: 'parsed', parsed: { format: 'chrome-csv', items: [{ title: 1 }], skipped: [] } }]],
    ['a parse of another format than asked', [{ type: 'parsed', parsed: { format: 'lastpass-csv', items: [], skipped: [] } }]],
    ['a detection answer to a parse', [{ type: 'detected', format: 'chrome-csv' }]],
  ])('refuses %s, and terminates the worker', async (_, replies) => {
    const worker = answering(replies);
    await expect(importReader(() => worker).parse(fixture('chrome.csv'), 'chrome-csv')).rejects.toThrow(BAD_REPLY);
    expect(worker.terminated).toBe(true);
  });

  it('rejects when the worker fails to load or throws, and terminates it', async () => {
    let terminated = false;
    const failing: ReadWorker = {
      postMessage: () => undefined,
      listen: (_, onFailure) => {
        queueMicrotask(() => {
          onFailure(new Error('The import reader failed: script blocked'));
        });
      },
      terminate: () => {
        terminated = true;
      },
    };
    await expect(importReader(() => failing).detect(fixture('chrome.csv'))).rejects.toThrow('script blocked');
    expect(terminated).toBe(true);
  });

  it('serves requests from a worker scope: one reply per request, a failure for anything else', async () => {
    const posted: ReadReply[] = [];
    let deliver: (data: unknown) => void = () => undefined;
    serveReadRequests({
      addEventListener: (_, listener) => {
        deliver = (data) => { listener({ data }); };
      },
      postMessage: (message) => posted.push(message),
    });
    deliver({ type: 'detect', name: 'chrome.csv', file: fixture('chrome.csv') });
    deliver('hello');
    await vi.waitFor(() => {
      expect(posted).toHaveLength(2);
    });
    expect(posted).toContainEqual({ type: 'detected', format: 'chrome-csv' });
    expect(posted).toContainEqual({ type: 'failed', failure: { kind: 'unexpected', message: NOT_A_REQUEST } });
  });
});
