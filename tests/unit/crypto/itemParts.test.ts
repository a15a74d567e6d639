import { beforeAll, describe, expect, it } from 'vitest';
import {
  CryptoError,
  DecryptionError,
  ITEM_ENTRY_FORMAT,
  InvalidCiphertextError,
  SEALED_ENTRY_FORMAT,
  entryPartContext,
  openEntryOverview,
  openItemDetails,
  openItemOverview,
  openItemParts,
  resealItemParts,
  sealEntryDetails,
  sealEntryOverview,
  sealItemParts,
  type EntryPartBinding,
  type TeamKey,
  type VaultKey,
} from '../../../src/crypto';
import { openEntryOverviewsHere } from '../../../src/crypto/entryParts';
import { itemFromParts, itemToParts } from '../../../src/features/vault/items/sealedItem';
import { EVERY_KIND } from '../../support/itemFixtures';
import { nodeOpen } from './node-oracle';
import { partKeys } from './partKeys';

// Issue #44: items of every kind sealed in format 3, the kind inside the parts, each part bound
// to its entry, part, format and key version as format 2's are.

let team: TeamKey, otherTeam: TeamKey, teamRaw: Uint8Array, vault: VaultKey;
beforeAll(async () => {
  ({ team, otherTeam, teamRaw, vault } = await partKeys('master password for items'));
});

const personal: EntryPartBinding = { entryId: 'item-1', keyVersion: null, format: ITEM_ENTRY_FORMAT };
const atTeam: EntryPartBinding = { entryId: 'item-1', keyVersion: 4, format: ITEM_ENTRY_FORMAT };

describe('sealed items (format 3)', () => {
  it.each(EVERY_KIND.map((item) => [item.kind, item] as const))('a %s round-trips under the vault key and under a team key', async (_kind, item) => {
    for (const [key, binding] of [
      [vault, personal],
      [team, atTeam],
    ] as const) {
      const sealed = await sealItemParts(key, binding, itemToParts(item));
      const opened = await openItemParts(key, binding, sealed);
      expect(itemFromParts(opened.overview, opened.details)).toEqual(item);
    }
  });

  it('binds the kind inside the parts and names format 3 in the additional data (checked with node:crypto)', async () => {
    const card = EVERY_KIND[2];
    if (card?.kind !== 'card') throw new Error('fixture order');
    const sealed = await sealItemParts(team, atTeam, itemToParts(card));
    const overview = JSON.parse(nodeOpen(teamRaw, sealed.overview, 'keyloft/entry-part/v1/item-1/3/team-4/overview').toString('utf8')) as Record<string, unknown>;
    expect(overview).toEqual({ kind: 'card', title: 'Zx-card-title', favourite: false, brand: 'visa', last4: '1111', expiry: { month: 7, year: 2031 } });
    const details = JSON.parse(nodeOpen(teamRaw, sealed.details, entryPartContext(atTeam, 'details')).toString('utf8')) as Record<string, unknown>;
    expect(details).toEqual({ kind: 'card', notes: '', customFields: [], fields: { cardholder: 'Zx Cardholder', number: '4111 1111 1111 1111', code: '9876' } });
  });

  it('keeps secrets out of the overview', () => {
    for (const item of EVERY_KIND) {
      const { overview } = itemToParts(item);
      const text = JSON.stringify(overview);
      for (const secret of ['Zx-password', 'Zx-hidden-value', '4111 1111', '9876', 'ZXP123456', 'ZXL654321', 'ZXN-987-65', 'ZxPrivateKeyBody', 'notes']) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it('refuses a part moved to another entry, format or key version, swapped, or opened with another key', async () => {
    const login = EVERY_KIND[0];
    if (login === undefined) throw new Error('fixture');
    const sealed = await sealItemParts(team, atTeam, itemToParts(login));
    await expect(openItemOverview(team, { ...atTeam, entryId: 'item-2' }, sealed.overview)).rejects.toBeInstanceOf(DecryptionError);
    await expect(openItemOverview(team, { ...atTeam, keyVersion: 5 }, sealed.overview)).rejects.toBeInstanceOf(DecryptionError);
    await expect(openItemOverview(team, { ...atTeam, keyVersion: null }, sealed.overview)).rejects.toBeInstanceOf(DecryptionError);
    await expect(openItemOverview(otherTeam, atTeam, sealed.overview)).rejects.toBeInstanceOf(DecryptionError);
    await expect(openItemDetails(team, atTeam, sealed.overview as never)).rejects.toBeInstanceOf(DecryptionError);
    // Passed off as format 2: format 2's reader is bound to format 2 and fails its tag check.
    await expect(openEntryOverview(team, { ...atTeam, format: SEALED_ENTRY_FORMAT }, sealed.overview)).rejects.toBeInstanceOf(DecryptionError);
    // A format-2 part passed off as format 3.
    const two = await sealEntryOverview(team, { ...atTeam, format: SEALED_ENTRY_FORMAT }, { title: 't', url: null, username: 'u' });
    await expect(openItemOverview(team, atTeam, two)).rejects.toBeInstanceOf(DecryptionError);
    const twoDetails = await sealEntryDetails(team, { ...atTeam, format: SEALED_ENTRY_FORMAT }, { password: 'p', notes: null });
    await expect(openItemDetails(team, atTeam, twoDetails)).rejects.toBeInstanceOf(DecryptionError);
  });

  it('refuses format 2 bindings for items and format 3 bindings for format 2 parts', async () => {
    const note = EVERY_KIND[1];
    if (note === undefined) throw new Error('fixture');
    await expect(sealItemParts(vault, { ...personal, format: SEALED_ENTRY_FORMAT }, itemToParts(note))).rejects.toBeInstanceOf(CryptoError);
    await expect(sealEntryOverview(vault, personal, { title: 't', url: null, username: 'u' })).rejects.toBeInstanceOf(CryptoError);
    // A real item part is decrypted, then refused by format 2's reader rather than misread as a login.
    const sealed = await sealItemParts(vault, personal, itemToParts(note));
    const refused = await openEntryOverview(vault, personal, sealed.overview).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CryptoError);
    expect(refused).not.toBeInstanceOf(DecryptionError);
  });

  it('refuses parts of two kinds put together (an older details part of the same entry)', async () => {
    const [login, note] = EVERY_KIND;
    if (login === undefined || note === undefined) throw new Error('fixture');
    const a = await sealItemParts(vault, personal, itemToParts(login));
    const b = await sealItemParts(vault, personal, itemToParts(note));
    await expect(openItemParts(vault, personal, { overview: a.overview, details: b.details })).rejects.toBeInstanceOf(InvalidCiphertextError);
  });

  it('opens mixed formats in one batch, each by its own reader', async () => {
    const two = { entryId: 'old', keyVersion: null, format: SEALED_ENTRY_FORMAT };
    const items = await Promise.all(EVERY_KIND.map((item, index) => sealItemParts(vault, { ...personal, entryId: `i${index}` }, itemToParts(item))));
    const batch = [
      { binding: two, sealed: await sealEntryOverview(vault, two, { title: 'Old', url: 'https://old.example', username: 'me' }) },
      ...items.map((sealed, index) => ({ binding: { ...personal, entryId: `i${index}` }, sealed: sealed.overview })),
    ];
    const opened = await openEntryOverviewsHere(vault, batch);
    expect(opened[0]).toEqual({ title: 'Old', url: 'https://old.example', username: 'me' });
    expect(opened.slice(1).map((overview) => ('kind' in overview ? overview.kind : 'error'))).toEqual(['login', 'note', 'card', 'identity', 'ssh']);
  });

  it('a rotation re-seals an item under the new key version, its health fingerprint taken again', async () => {
    const login = EVERY_KIND[0];
    if (login === undefined) throw new Error('fixture');
    const health = { strength: 3 as const, fingerprint: 'AAAAAAAAAAAAAAAAAAAAAA==', passwordSetAt: 1 };
    const sealed = await sealItemParts(team, atTeam, itemToParts(login, health));
    const to = { ...atTeam, keyVersion: 5 };
    const resealed = await resealItemParts({ key: team, binding: atTeam }, { key: otherTeam, binding: to }, sealed);
    const opened = await openItemParts(otherTeam, to, resealed);
    expect(itemFromParts(opened.overview, opened.details)).toEqual(login);
    expect(opened.overview.kind === 'login' ? opened.overview.health?.fingerprint : null).not.toBe(health.fingerprint);
  });
});
