// Issue #44: the item limits (vault/items/itemLimits.ts) in the import. Web addresses and custom
// fields beyond the number an item keeps are left out and named in the preview's list; an item too
// large to store is skipped with its reason; a card's or a note's earlier passwords (only a login has
// a history) come in as hidden custom fields, none dropped.
import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../../../../src/domain/fieldLimits';
import type { LabelledValue } from '../../../../src/features/import/model';
import { planImport } from '../../../../src/features/import/plan';
import { notCarriedWords } from '../../../../src/features/import/ui/notCarried';
import { sizedImportedItem } from '../../../../src/features/vault/importedItem';
import { ITEM_LIMITS, tooLargeReason } from '../../../../src/features/vault/items/itemLimits';
import { item, parsedOf, target } from './planFixtures';

const textFields = (count: number, value = 'v'): LabelledValue[] => Array.from({ length: count }, (_, at) => ({ label: `Field ${String(at + 1)}`, value, type: 'text' as const }));
const urls = (count: number) => Array.from({ length: count }, (_, at) => ({ url: `https://site-${String(at + 1)}.example`, match: 'origin' as const }));

describe('item limits in the import', () => {
  it(`a login keeps its first ${String(ITEM_LIMITS.urls)} web addresses; the rest are named as not brought in`, async () => {
    const plan = await planImport(parsedOf([item({ title: 'Many', url: 'https://site-1.example', urls: urls(ITEM_LIMITS.urls + 2), username: 'ana', password: 'pw' })]), target());
    const [entry] = plan.entries;
    expect(entry?.item?.urls).toEqual(urls(ITEM_LIMITS.urls));
    expect(entry?.notCarried).toEqual([
      { kind: 'extra-url', name: 'https://site-21.example' },
      { kind: 'extra-url', name: 'https://site-22.example' },
    ]);
    expect(notCarriedWords(entry?.notCarried ?? [])).toBe('2 web addresses beyond the 20 a login keeps (https://site-21.example, https://site-22.example)');
  });

  it(`an item keeps its first ${String(ITEM_LIMITS.customFields)} custom fields; the rest are named as not brought in`, async () => {
    const plan = await planImport(parsedOf([item({ kind: 'note', title: 'Fields', extras: textFields(ITEM_LIMITS.customFields + 1) })]), target());
    const [entry] = plan.entries;
    expect(entry?.item?.customFields).toHaveLength(ITEM_LIMITS.customFields);
    expect(entry?.item?.customFields.at(-1)?.name).toBe('Field 50');
    expect(entry?.notCarried).toEqual([{ kind: 'extra-field', name: 'Field 51' }]);
    expect(notCarriedWords(entry?.notCarried ?? [])).toBe('1 custom field beyond the 50 an item keeps (Field 51)');
  });

  it('skips an item too large to store, saying why, and imports the others', async () => {
    const huge = textFields(ITEM_LIMITS.customFields, 'é'.repeat(FIELD_LIMITS.entryNotes));
    // The vault's measure, as its import target gives it (transferSources.ts).
    const vault = { ...target(), tooLarge: (entry: Parameters<typeof sizedImportedItem>[0]) => tooLargeReason(sizedImportedItem(entry)) };
    const plan = await planImport(parsedOf([item({ kind: 'note', title: 'Archive', extras: huge }), item({ title: 'Bank', username: 'ana', password: 'pw' })]), vault);
    expect(plan.entries.map((entry) => entry.title)).toEqual(['Bank']);
    expect(plan.skipped).toHaveLength(1);
    expect(plan.skipped[0]?.title).toBe('Archive');
    expect(plan.skipped[0]?.reason).toMatch(/^This item is too large to store: its notes, custom fields and other hidden values take \d+ KB of the 512 KB an item may hold\.$/);
  });

  it('keeps the earlier passwords of an item that is not a login as hidden custom fields, named with the day each was replaced', async () => {
    const history = [
      { password: 'older', replacedAt: Date.UTC(2023, 0, 2) },
      { password: 'newer', replacedAt: Date.UTC(2024, 4, 1) },
    ];
    const plan = await planImport(parsedOf([item({ kind: 'card', title: 'Visa', passwordHistory: history, extras: [{ label: 'number', value: '4111111111111111', field: 'number' }] })]), target());
    const [entry] = plan.entries;
    expect(entry?.passwordHistory).toBeUndefined();
    expect(entry?.notCarried).toBeUndefined();
    expect(entry?.item?.customFields).toEqual([
      { name: 'Earlier password (replaced 2024-05-01)', type: 'hidden', value: 'newer' },
      { name: 'Earlier password (replaced 2023-01-02)', type: 'hidden', value: 'older' },
    ]);
  });

  it('a login keeps its earlier passwords as its history, not as fields', async () => {
    const history = [{ password: 'older', replacedAt: Date.UTC(2023, 0, 2) }];
    const plan = await planImport(parsedOf([item({ title: 'Bank', username: 'ana', password: 'pw', passwordHistory: history })]), target());
    expect(plan.entries[0]?.passwordHistory).toEqual(history);
    expect(plan.entries[0]?.item?.customFields).toEqual([]);
  });
});
