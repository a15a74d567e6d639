// The decryption pool (issue #18): a batch is shared between this thread and workers running the
// same code, with the same per-item results; a worker that cannot answer loses nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DecryptionError,
  InvalidCiphertextError,
  createDecryptPool,
  installOverviewWorkerFactory,
  openEntryOverviews,
  workerCountFor,
  type DecryptPool,
  type OverviewWorkerFactory,
} from '../../../src/crypto';
import type { OverviewReply, OverviewRequest } from '../../../src/crypto/overviewProtocol';
import { cloningWorker, itemsPosted, watched } from '../../support/fakeOverviewWorkers';
import { nodeOverviewWorker } from '../../support/nodeOverviewWorkers';
import { expectAsOneByOne, mixedBatch } from './overviewBatchFixture';

const pools: DecryptPool[] = [];
afterEach(() => {
  for (const pool of pools.splice(0)) pool.close();
  installOverviewWorkerFactory(undefined);
  vi.restoreAllMocks();
});

/** A pool that shares even a small batch, half and half with one worker. */
function pool(createWorker: OverviewWorkerFactory | null): DecryptPool {
  const made = createDecryptPool({ createWorker, workers: 1, mainWeight: 1, minShared: 0 });
  pools.push(made);
  return made;
}

describe('the decryption pool', () => {
  it('opens part of a batch in a worker_threads worker and the rest here, each item as openEntryOverview would', async () => {
    const batch = await mixedBatch(4);
    const worker = watched(() => nodeOverviewWorker());
    const shared = pool(worker.factory);
    shared.warmUp();
    await worker.ready;

    const results = await shared.openEntryOverviews(batch.key, batch.items);

    await expectAsOneByOne(batch, results);
    // Split, not all in one place: the worker had the second half, failures included, and its
    // failures came back as the crypto layer's classes.
    expect(itemsPosted(worker.posted)).toBe(batch.items.length / 2);
    const fromWorker = results.slice(batch.items.length / 2);
    expect(fromWorker.filter((result) => result instanceof DecryptionError).length).toBeGreaterThan(0);
    expect(fromWorker.filter((result) => result instanceof InvalidCiphertextError).length).toBeGreaterThan(0);
    expect(worker.replies.some((reply) => reply.type === 'opened')).toBe(true);
  });

  it('gives a worker nothing until it says it is ready: the batch opens here meanwhile', async () => {
    const batch = await mixedBatch(2);
    const worker = watched(() => ({ postMessage: () => undefined, listen: () => undefined, terminate: () => undefined }));

    const results = await pool(worker.factory).openEntryOverviews(batch.key, batch.items);

    await expectAsOneByOne(batch, results);
    expect(worker.posted).toEqual([]);
  });

  it('opens everything here when the worker cannot be started', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const batch = await mixedBatch(2);
    const shared = pool(() => {
      throw new Error('Workers are not allowed here');
    });
    shared.warmUp();

    await expectAsOneByOne(batch, await shared.openEntryOverviews(batch.key, batch.items));
    expect(warn).toHaveBeenCalled();
  });

  it('opens here the share of a worker_threads worker that crashes on it, and gives that worker no more', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const batch = await mixedBatch(2);
    const worker = watched(() => nodeOverviewWorker(new URL('../../support/crashingOverviewWorker.mjs', import.meta.url)));
    const shared = pool(worker.factory);
    shared.warmUp();
    await worker.ready;

    await expectAsOneByOne(batch, await shared.openEntryOverviews(batch.key, batch.items));
    expect(itemsPosted(worker.posted)).toBe(batch.items.length / 2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('decryption worker failed'), expect.anything());

    await expectAsOneByOne(batch, await shared.openEntryOverviews(batch.key, batch.items));
    expect(worker.posted).toHaveLength(1);
  });

  it('opens here the share of a worker that reports a failure or loses the batch, and keeps nothing waiting', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const batch = await mixedBatch(2);
    for (const behave of [
      (request: OverviewRequest, reply: (message: OverviewReply) => void) => {
        reply({ type: 'failed', id: request.id, message: 'could not read the key' });
      },
      (request: OverviewRequest, reply: (message: OverviewReply) => void) => {
        reply({ type: 'opened', id: request.id, results: [] });
      },
      (_request: OverviewRequest, _reply: (message: OverviewReply) => void, fail: (error: Error) => void) => {
        fail(new Error('worker error event'));
      },
    ]) {
      const worker = watched(() => cloningWorker(behave));
      const shared = pool(worker.factory);
      shared.warmUp();
      await worker.ready;
      await expectAsOneByOne(batch, await shared.openEntryOverviews(batch.key, batch.items));
      expect(itemsPosted(worker.posted)).toBe(batch.items.length / 2);
    }
  });

  it('opens here the share of a worker that never answers, once it has been silent too long, and gives it no more', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const batch = await mixedBatch(2);
    const worker = watched(() => cloningWorker(() => undefined));
    const shared = createDecryptPool({ createWorker: worker.factory, workers: 1, mainWeight: 1, minShared: 0, answerTimeoutMs: 50 });
    pools.push(shared);
    shared.warmUp();
    await worker.ready;
    await expectAsOneByOne(batch, await shared.openEntryOverviews(batch.key, batch.items));
    expect(itemsPosted(worker.posted)).toBe(batch.items.length / 2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('decryption worker failed'), expect.any(Error));
    expect(String(warn.mock.calls[0]?.[1])).toContain('did not answer');

    await expectAsOneByOne(batch, await shared.openEntryOverviews(batch.key, batch.items));
    expect(worker.posted).toHaveLength(1);
  });

  it('opens here what a worker still holds when the pool is closed', async () => {
    const batch = await mixedBatch(2);
    const worker = watched(() => cloningWorker(() => undefined));
    const shared = pool(worker.factory);
    shared.warmUp();
    await worker.ready;

    const opening = shared.openEntryOverviews(batch.key, batch.items);
    shared.close();

    await expectAsOneByOne(batch, await opening);
    expect(itemsPosted(worker.posted)).toBe(batch.items.length / 2);
  });

  it('keeps small batches and a pool without workers on this thread', async () => {
    const batch = await mixedBatch(1);
    const worker = watched(() => cloningWorker());
    const small = createDecryptPool({ createWorker: worker.factory, workers: 1 });
    pools.push(small);
    small.warmUp();
    await worker.ready;
    await expectAsOneByOne(batch, await small.openEntryOverviews(batch.key, batch.items));
    expect(worker.posted).toEqual([]);

    await expectAsOneByOne(batch, await pool(null).openEntryOverviews(batch.key, batch.items));
  });

  it('the app’s pool uses the installed factory', async () => {
    const batch = await mixedBatch(6);
    const worker = watched(() => cloningWorker());
    installOverviewWorkerFactory(worker.factory);
    await expectAsOneByOne(batch, await openEntryOverviews(batch.key, batch.items));
    await worker.ready;

    await expectAsOneByOne(batch, await openEntryOverviews(batch.key, batch.items));
    expect(itemsPosted(worker.posted)).toBeGreaterThan(0);
    expect(itemsPosted(worker.posted)).toBeLessThan(batch.items.length);
  });
});

describe('workerCountFor', () => {
  it('is none on one core, one fewer than the cores up to 3, and one when unknown', () => {
    expect([1, 2, 3, 4, 8, 64].map(workerCountFor)).toEqual([0, 1, 2, 3, 3, 3]);
    expect(workerCountFor(undefined)).toBe(1);
  });
});
