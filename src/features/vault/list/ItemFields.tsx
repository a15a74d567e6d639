import { useState, type ReactNode } from 'react';
import type { ItemOverview } from '../../../crypto';
import { Button } from '../../../ui/Button';
import { CopyIcon, EyeIcon, EyeOffIcon } from '../../../ui/icons';
import { formatCardExpiry } from '../items/cardExpiry';
import { formatCardNumber, normaliseCardNumber } from '../items/cardNumber';
import { IDENTITY_FIELD_LABELS, IDENTITY_GROUPS } from '../items/identityLabels';
import { HIDDEN_FIELDS, type CustomField, type Item } from '../items/kinds';
import { EntryNotes } from './EntryNotes';
import { brandName } from './itemSummary';
import { CopyTick, PaneField, SecretValue } from './PaneFields';
import type { CopyFeedback, CopyField, CopyOptions } from './useCopyFeedback';

// The fields of an item of another kind than login in the item pane (issue #44): each with Copy
// (a hidden one cleared from the clipboard again, as a password is), a hidden one masked until
// Show, a card's number in the groups printed on it. What the overview holds (a card's brand and
// expiry) shows at once; the rest once the item's details are open.

export type PaneCopy = (field: CopyField, read: () => string | Promise<string>, options?: CopyOptions) => unknown;

/** One shown field: its key (for Copy's tick and Show), its label, its value as shown and as copied. */
interface FieldShown {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  /** What Copy puts on the clipboard: a card number's digits, not its groups. */
  readonly copied?: string;
  readonly hidden: boolean;
  /** Keeps the value's line breaks (a key file). */
  readonly block?: boolean;
  /** A yes/no field has nothing worth copying. */
  readonly copyable?: boolean;
}

function cardFields(overview: Extract<ItemOverview, { kind: 'card' }>, item: Extract<Item, { kind: 'card' }> | null): FieldShown[] {
  const hidden = new Set<string>(HIDDEN_FIELDS.card);
  const opened = item?.fields;
  const expiry = opened?.expiry ?? overview.expiry;
  return [
    { key: 'cardholder', label: 'Cardholder', value: opened?.cardholder ?? '', hidden: false },
    { key: 'number', label: 'Card number', value: opened === undefined ? '' : formatCardNumber(opened.number), copied: normaliseCardNumber(opened?.number ?? ''), hidden: hidden.has('number') },
    { key: 'brand', label: 'Brand', value: brandName(overview.brand), hidden: false },
    { key: 'expiry', label: 'Expiry', value: expiry === null ? '' : formatCardExpiry(expiry), hidden: false },
    { key: 'code', label: 'Security code', value: opened?.code ?? '', hidden: hidden.has('code') },
  ];
}

function identityFields(item: Extract<Item, { kind: 'identity' }> | null): FieldShown[] {
  if (item === null) return [];
  const hidden = new Set<string>(HIDDEN_FIELDS.identity);
  return IDENTITY_GROUPS.flatMap(({ names }) => names).map((name) => ({ key: name, label: IDENTITY_FIELD_LABELS[name], value: item.fields[name], hidden: hidden.has(name) }));
}

function sshFields(overview: Extract<ItemOverview, { kind: 'ssh' }>, item: Extract<Item, { kind: 'ssh' }> | null): FieldShown[] {
  return [
    { key: 'privateKey', label: 'Private key', value: item?.fields.privateKey ?? '', hidden: true, block: true },
    { key: 'publicKey', label: 'Public key', value: item?.fields.publicKey ?? '', hidden: false, block: true },
    { key: 'fingerprint', label: 'Fingerprint', value: overview.fingerprint, hidden: false },
  ];
}

/** The kind's own fields that have a value, in the form's order. */
function fieldsOf(overview: ItemOverview, item: Item | null): FieldShown[] {
  const all =
    overview.kind === 'card'
      ? cardFields(overview, item?.kind === 'card' ? item : null)
      : overview.kind === 'identity'
        ? identityFields(item?.kind === 'identity' ? item : null)
        : overview.kind === 'ssh'
          ? sshFields(overview, item?.kind === 'ssh' ? item : null)
          : [];
  return all.filter(({ value }) => value !== '');
}

function customShown(field: CustomField, index: number): FieldShown {
  const key = `custom-${index}`;
  if (field.type === 'boolean') return { key, label: field.name, value: field.value ? 'Yes' : 'No', hidden: false, copyable: false };
  return { key, label: field.name, value: field.value, hidden: field.type === 'hidden' };
}

export interface ItemFieldsProps {
  readonly title: string;
  readonly overview: ItemOverview;
  /** The whole item, once its details are open; null until then. */
  readonly item: Item | null;
  readonly feedback: CopyFeedback | null;
  readonly copy: PaneCopy;
  /** Only the custom fields: a login shows its own fields itself. */
  readonly customOnly?: boolean;
}

export function ItemFields({ title, overview, item, feedback, copy, customOnly = false }: ItemFieldsProps) {
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) => {
    setShown((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  };
  const own = customOnly ? [] : fieldsOf(overview, item);
  const custom = (item?.customFields ?? []).map(customShown);
  const note = !customOnly && overview.kind === 'note' && item !== null && item.notes !== '' ? item.notes : null;
  const row = (field: FieldShown) => (
    <FieldRow key={field.key} title={title} field={field} revealed={shown.has(field.key)} feedback={feedback} onToggle={() => { toggle(field.key); }} copy={copy} />
  );
  return (
    <>
      {note !== null && (
        <div className="pw-item__note">
          <p className="pw-item__notes-full">{note}</p>
          <Button variant="ghost" size="sm" icon={<CopyIcon />} aria-label={`Copy note ${title}`} onClick={() => { void copy('field-note', () => note, { label: 'Note', secret: true }); }}>
            Copy
          </Button>
          <CopyTick feedback={feedback} field="field-note" />
        </div>
      )}
      {own.length > 0 && <dl className="pw-item__fields">{own.map(row)}</dl>}
      {!customOnly && overview.kind !== 'note' && item !== null && item.notes !== '' && <EntryNotes title={title} notes={item.notes} />}
      {custom.length > 0 && (
        <section className="pw-item__custom" aria-label={`Custom fields of ${title}`}>
          <dl className="pw-item__fields">{custom.map(row)}</dl>
        </section>
      )}
    </>
  );
}

interface FieldRowProps {
  readonly title: string;
  readonly field: FieldShown;
  readonly revealed: boolean;
  readonly feedback: CopyFeedback | null;
  readonly onToggle: () => void;
  readonly copy: PaneCopy;
}

function FieldRow({ title, field, revealed, feedback, onToggle, copy }: FieldRowProps): ReactNode {
  const copyField: CopyField = `field-${field.key}`;
  const what = field.key.startsWith('custom-') ? field.label : field.label.toLowerCase();
  const value = field.copied ?? field.value;
  return (
    <PaneField label={field.label}>
      {field.hidden ? (
        <span className={field.block === true ? 'pw-item__block' : undefined}>
          <SecretValue value={field.value} revealed={revealed} />
        </span>
      ) : (
        <span className={field.block === true ? 'pw-item__value pw-item__block' : 'pw-item__value'} translate="no">
          {field.value}
        </span>
      )}
      <span className="pw-item__buttons">
        {field.hidden && (
          <Button variant="ghost" size="sm" icon={revealed ? <EyeOffIcon /> : <EyeIcon />} aria-label={`${revealed ? 'Hide' : 'Show'} ${what} for ${title}`} onClick={onToggle}>
            {revealed ? 'Hide' : 'Show'}
          </Button>
        )}
        {field.copyable !== false && (
          <Button variant="ghost" size="sm" icon={<CopyIcon />} aria-label={`Copy ${what} for ${title}`} onClick={() => { void copy(copyField, () => value, { label: field.label, secret: field.hidden }); }}>
            Copy
          </Button>
        )}
        <CopyTick feedback={feedback} field={copyField} />
      </span>
    </PaneField>
  );
}
