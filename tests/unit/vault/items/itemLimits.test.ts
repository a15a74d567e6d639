import { beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../../../../src/domain/fieldLimits';
import { ITEM_ENTRY_FORMAT, sealItemParts, type EntryPartBinding, type VaultKey } from '../../../../src/crypto';
import { sizedItemOfDraft } from '../../../../src/features/vault/itemForm/itemDraft';
import { HEALTH_ALLOWANCE_BYTES, ITEM_LIMIT_MESSAGES, ITEM_LIMITS, sealedItemBytes, tooLargeReason } from '../../../../src/features/vault/items/itemLimits';
import { emptyItem, type CustomField, type Item } from '../../../../src/features/vault/items/kinds';
import { itemToParts } from '../../../../src/features/vault/items/sealedItem';
import { validateItem, type ItemDraft } from '../../../../src/features/vault/items/validateItem';
import { EVERY_KIND } from '../../../support/itemFixtures';
import { partKeys } from '../../crypto/partKeys';
import { ED25519_PRIVATE, ED25519_PUBLIC } from '../../crypto/sshKeyFixtures';

// Issue #44: how much one item holds. A login's URLs and any item's custom fields are counted (the
// form's message, nothing saved); the item as sealed must fit the stored bounds of firestore.rules
// (isSealedEntryContent), checked on the very JSON each part is sealed from.

let vault: VaultKey;
beforeAll(async () => {
  ({ vault } = await partKeys('master password for item limits'));
});

const binding: EntryPartBinding = { entryId: 'item-1', keyVersion: null, format: ITEM_ENTRY_FORMAT };

const login = (urls: number): ItemDraft => ({
  ...emptyItem('login'),
  title: 'Bank',
  fields: { urls: Array.from({ length: urls }, (_, at) => ({ url: `https://site-${String(at)}.example`, match: 'origin' as const })), username: 'ana', password: 'pw', otp: null, history: [] },
});
const fields = (count: number, value = 'v'): CustomField[] => Array.from({ length: count }, (_, at) => ({ name: `Field ${String(at + 1)}`, type: 'text' as const, value }));
const base64Bytes = (text: string): number => Buffer.from(text, 'base64').length;

describe('counts an item keeps (the form)', () => {
  it(`a login keeps ${String(ITEM_LIMITS.urls)} URLs, not one more`, () => {
    expect(validateItem(login(ITEM_LIMITS.urls))).toEqual({});
    expect(validateItem(login(ITEM_LIMITS.urls + 1))).toEqual({ urls: ITEM_LIMIT_MESSAGES.urls });
    expect(ITEM_LIMIT_MESSAGES.urls).toBe('A login keeps at most 20 web addresses');
  });

  it(`any item keeps ${String(ITEM_LIMITS.customFields)} custom fields, not one more`, () => {
    const note: ItemDraft = { ...emptyItem('note'), title: 'Codes' };
    expect(validateItem({ ...note, customFields: fields(ITEM_LIMITS.customFields) })).toEqual({});
    expect(validateItem({ ...note, customFields: fields(ITEM_LIMITS.customFields + 1) })).toEqual({ customFields: ITEM_LIMIT_MESSAGES.customFields });
    expect(validateItem({ ...login(1), customFields: fields(ITEM_LIMITS.customFields + 1) })).toEqual({ customFields: ITEM_LIMIT_MESSAGES.customFields });
    expect(ITEM_LIMIT_MESSAGES.customFields).toBe('An item keeps at most 50 custom fields');
  });
});

describe('the sealed size', () => {
  it.each(EVERY_KIND.map((item) => [item.kind, item] as const))('of a %s is the stored size of its two sealed parts (and the room for a login’s health record)', async (kind, item) => {
    const sealed = await sealItemParts(vault, binding, itemToParts(item));
    const bytes = sealedItemBytes(item);
    expect(bytes.details).toBe(base64Bytes(sealed.details));
    expect(bytes.overview).toBe(base64Bytes(sealed.overview) + (kind === 'login' ? HEALTH_ALLOWANCE_BYTES : 0));
  });

  it('leaves room for the largest health record a save adds', async () => {
    const item = EVERY_KIND.find((each) => each.kind === 'login') as Item;
    const health = { strength: 4 as const, fingerprint: 'A'.repeat(22) + '==', passwordSetAt: Number.MAX_SAFE_INTEGER };
    const withHealth = await sealItemParts(vault, binding, itemToParts(item, health));
    const without = await sealItemParts(vault, binding, itemToParts(item));
    expect(base64Bytes(withHealth.overview) - base64Bytes(without.overview)).toBeLessThanOrEqual(HEALTH_ALLOWANCE_BYTES);
  });

  it('an item within every field’s limit and the counts may still be too large: it is refused with a sentence saying so', () => {
    // Fifty text fields of 10,000 accented letters (two bytes each in UTF-8): a megabyte of details.
    const accented = 'é'.repeat(FIELD_LIMITS.entryNotes);
    const note: Item = { ...emptyItem('note'), title: 'Archive', customFields: fields(ITEM_LIMITS.customFields, accented) };
    expect(validateItem(note)).toEqual({});
    const bytes = sealedItemBytes(note).details;
    expect(bytes).toBeGreaterThan(FIELD_LIMITS.entryDetailsSealedBytes);
    expect(tooLargeReason(note)).toBe(`This item is too large to store: its notes, custom fields and other hidden values take ${String(Math.ceil(bytes / 1024))} KB of the 512 KB an item may hold.`);
    // Twenty-five such fields fit.
    expect(tooLargeReason({ ...note, customFields: fields(25, accented) })).toBeNull();
  });

  it('fifty plain-text fields at the longest a field may be, and notes as long, fit', () => {
    const note: Item = { ...emptyItem('note'), title: 'Archive', notes: 'n'.repeat(FIELD_LIMITS.entryNotes), customFields: fields(ITEM_LIMITS.customFields, 'x'.repeat(FIELD_LIMITS.entryNotes)) };
    expect(tooLargeReason(note)).toBeNull();
  });

  it('a login at its counts with long URLs and a long username fits the overview', () => {
    const urls = Array.from({ length: ITEM_LIMITS.urls }, (_, at) => ({ url: `https://example.com/${String(at)}/${'p'.repeat(FIELD_LIMITS.entryUrl - 30)}`, match: 'origin' as const }));
    const item: Item = { ...emptyItem('login'), title: 't'.repeat(FIELD_LIMITS.entryTitle), fields: { urls, username: 'u'.repeat(6000), password: 'pw', otp: null, history: [] } };
    expect(sealedItemBytes(item).overview).toBeLessThanOrEqual(FIELD_LIMITS.entryOverviewSealedBytes);
    expect(tooLargeReason(item)).toBeNull();
  });

  it('counts a draft as the save writes it: the public key a private key file carries, the fingerprint at its length', () => {
    const draft: ItemDraft = { ...emptyItem('ssh'), title: 'Deploy key', fields: { privateKey: ED25519_PRIVATE, publicKey: '', fingerprint: '' } };
    const sized = sizedItemOfDraft(draft);
    expect(sized.kind === 'ssh' && sized.fields.publicKey.split(' ').slice(0, 2)).toEqual(ED25519_PUBLIC.trim().split(' ').slice(0, 2));
    expect(sized.kind === 'ssh' && sized.fields.fingerprint).toMatch(/^SHA256:.{43}$/);
  });
});
