// A batch of sealed overviews with every way one can fail, spread through it, and what
// openEntryOverview gives for each item alone: the batch API and the pool must give the same.
import { expect } from 'vitest';
import {
  SEALED_ENTRY_FORMAT,
  entryPartContext,
  generateTeamKey,
  openEntryOverview,
  sealEntryDetails,
  sealEntryOverview,
  type CryptoError,
  type AnyOverview,
  type EntryOverview,
  type EntryPartBinding,
  type TeamKey,
} from '../../../src/crypto';
import { forgedSealed } from '../../support/forgedCiphertext';
import type { SealedOverview } from '../../../src/crypto/entryParts';
import { flipByte, nodeSeal } from './node-oracle';

export interface OverviewBatch {
  readonly key: TeamKey;
  readonly items: SealedOverview[];
}

const binding = (entryId: string): EntryPartBinding => ({ entryId, keyVersion: 3, format: SEALED_ENTRY_FORMAT });
const overviewOf = (n: number): EntryOverview => ({ title: `Entry ${n} — Grüße`, url: n % 3 === 0 ? null : `https://site-${n}.example`, username: `user${n}@example.com` });

/** `rounds` times: good items interleaved with one of each failure (12 items a round). */
export async function mixedBatch(rounds: number): Promise<OverviewBatch> {
  const [key, other] = await Promise.all([generateTeamKey(), generateTeamKey()]);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', key.key));
  const items: SealedOverview[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const id = (n: number) => `r${round}-e${n}`;
    const good = async (n: number) => ({ binding: binding(id(n)), sealed: await sealEntryOverview(key, binding(id(n)), overviewOf(round * 100 + n)) });
    const shaped = (n: number, plain: string | Uint8Array) => ({ binding: binding(id(n)), sealed: nodeSeal(raw, plain, entryPartContext(binding(id(n)), 'overview')) });
    items.push(
      await good(0),
      // Under another team's key.
      { binding: binding(id(1)), sealed: await sealEntryOverview(other, binding(id(1)), overviewOf(1)) },
      await good(2),
      // Moved from another entry.
      { binding: binding(id(3)), sealed: await sealEntryOverview(key, binding('elsewhere'), overviewOf(3)) },
      // Altered.
      { binding: binding(id(4)), sealed: flipByte(await sealEntryOverview(key, binding(id(4)), overviewOf(4)), 20) },
      // Too short, and not base64.
      { binding: binding(id(5)), sealed: forgedSealed('AAAA') },
      { binding: binding(id(6)), sealed: forgedSealed('not base64!') },
      // Opens, but is not an overview's shape, not JSON, or not UTF-8.
      shaped(7, '{"title":5,"url":null,"username":"u"}'),
      shaped(8, 'not json'),
      shaped(9, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])),
      // A binding that names no single place.
      { binding: binding('a/b'), sealed: (await good(10)).sealed },
      // The details passed off as the overview.
      { binding: binding(id(11)), sealed: forgedSealed(await sealEntryDetails(key, binding(id(11)), { password: 'pw', notes: null })) },
      await good(12),
    );
  }
  return { key, items };
}

/** Each result is what openEntryOverview gives for that item alone: the same overview, or an error of the same class, code and message. */
export async function expectAsOneByOne({ key, items }: OverviewBatch, results: ReadonlyArray<AnyOverview | Error>): Promise<void> {
  expect(results).toHaveLength(items.length);
  const alone = await Promise.all(items.map((item) => openEntryOverview(key, item.binding, item.sealed).catch((error: unknown) => error as Error)));
  alone.forEach((expected, index) => {
    const result = results[index];
    if (expected instanceof Error) {
      expect(result, `item ${index}`).toBeInstanceOf(expected.constructor);
      expect((result as Error).message, `item ${index}`).toBe(expected.message);
      expect((result as Partial<CryptoError>).code, `item ${index}`).toBe((expected as Partial<CryptoError>).code);
    } else {
      expect(result, `item ${index}`).toEqual(expected);
    }
  });
}
