// The pool's request on the wire (overviewProtocol.ts): a batch travels as parallel lists and comes
// back on the worker's side as the same items; a request whose lists disagree is answered as
// failed, so the pool opens that share on the main thread.
import { describe, expect, it } from 'vitest';
import { answerOverviewRequest, batchItems, batchWire } from '../../../src/crypto/overviewProtocol';
import { mixedBatch } from './overviewBatchFixture';

describe('the decryption pool request', () => {
  it('carries every item of a batch, in order, through a structured clone', async () => {
    const batch = await mixedBatch(3);
    const wire = structuredClone(batchWire(batch.items));
    expect(batchItems(wire)).toEqual(batch.items);
  });

  it('answers a batch of lists of unequal length as failed, opening none of it', async () => {
    const batch = await mixedBatch(2);
    const wire = batchWire(batch.items);
    const reply = await answerOverviewRequest({ id: 7, kind: batch.key.kind, key: batch.key.key, items: { ...wire, formats: wire.formats.slice(1) } });
    expect(reply).toEqual({ type: 'failed', id: 7, message: 'A decryption batch of lists of unequal length.' });
  });

  it('opens a batch from the wire as the main thread would', async () => {
    const batch = await mixedBatch(2);
    const reply = await answerOverviewRequest({ id: 1, kind: batch.key.kind, key: batch.key.key, items: structuredClone(batchWire(batch.items)) });
    expect(reply.type).toBe('opened');
    if (reply.type === 'opened') expect(reply.results).toHaveLength(batch.items.length);
  });
});
