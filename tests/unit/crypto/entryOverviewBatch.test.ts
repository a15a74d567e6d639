// The batch API that opens a page of a vault: per item what openEntryOverview gives (issue #18).
import { describe, expect, it } from 'vitest';
import { CryptoError, DecryptionError, InvalidCiphertextError, KeyTypeError, generateSharedSecret, importInviteKey, openEntryOverviews } from '../../../src/crypto';
import { openEntryOverviewsHere } from '../../../src/crypto/entryParts';
import { expectAsOneByOne, mixedBatch } from './overviewBatchFixture';

describe.each([
  ['on the calling thread (openEntryOverviewsHere)', openEntryOverviewsHere],
  // Node has no Worker: the app's pool opens everything here unless a factory is installed.
  ['through the app’s pool (openEntryOverviews)', openEntryOverviews],
])('a batch of sealed overviews %s', (_name, open) => {
  it('gives each item what openEntryOverview gives it alone, in order: the overview or its error', async () => {
    const batch = await mixedBatch(2);
    const results = await open(batch.key, batch.items);
    await expectAsOneByOne(batch, results);
    // The failures are the right classes, not merely equal to each other.
    expect(results.slice(0, 13).map((result) => (result instanceof Error ? result.constructor : 'opened'))).toEqual([
      'opened',
      DecryptionError,
      'opened',
      DecryptionError,
      DecryptionError,
      InvalidCiphertextError,
      InvalidCiphertextError,
      InvalidCiphertextError,
      InvalidCiphertextError,
      InvalidCiphertextError,
      CryptoError,
      DecryptionError,
      'opened',
    ]);
    expect(results[12]).toEqual({ title: 'Entry 12 — Grüße', url: null, username: 'user12@example.com' });
  });

  it('an empty batch is an empty list', async () => {
    const { key } = await mixedBatch(0);
    expect(await open(key, [])).toEqual([]);
  });

  it('refuses a key that does not open entries, for the whole batch', async () => {
    const { items } = await mixedBatch(1);
    const inviteKey = await importInviteKey(generateSharedSecret());
    await expect(open(inviteKey as never, items)).rejects.toBeInstanceOf(KeyTypeError);
  });
});
