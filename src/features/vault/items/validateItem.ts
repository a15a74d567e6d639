import {
  ENTRY_SECRET_MAX_BYTES,
  FIELD_LIMITS,
  tooLongMessage,
  tooManyBytesMessage,
  utf8Length,
} from '@keyloft/contract/fieldLimits';
import { brokenTextMessage, isWellFormedText } from '@keyloft/contract/wellFormedText';
import { SshKeyError, parseSshPublicKey, readSshPrivateKey, type SshPublicKey } from '../../../crypto';
import { PASSWORD_FORM_MESSAGES } from '../form/validatePasswordDraft';
import { OneTimeCodeError, canonicalOneTimeCode } from '../otp/oneTimeCode';
import { parseCardExpiry } from './cardExpiry';
import { IDENTITY_FIELD_LABELS } from './identityLabels';
import { ITEM_LIMIT_MESSAGES, ITEM_LIMITS } from './itemLimits';
import { isCardNumber } from './cardNumber';
import type { CardFields, CardItem, CustomField, IdentityFields, Item } from './kinds';
import { normaliseSavedUrl } from './urlMatch';

// What an item form says about its values (issue #44), field by field, before a save. Values are
// judged trimmed, as the password form judges them (SPEC.md §5), against the sizes the stored
// entry allows (src/domain/fieldLimits.ts). A field without a limit of its own there (a card's or
// an identity's lines) is held to the title's: one line of text.

export const ITEM_FORM_MESSAGES = {
  ...PASSWORD_FORM_MESSAGES,
  url: 'Enter a web address, such as https://example.com',
  cardNumber: 'Check the card number',
  expiry: 'Enter the expiry as MM/YY',
  securityCode: 'The security code has 3 or 4 digits',
  publicKey: 'Not an SSH public key',
  privateKey: 'Not an SSH private key',
  keysDiffer: 'This is not the public key of the private key above',
  customFieldName: 'Field name is required',
} as const;

/** The longest name a custom field may have. */
export const CUSTOM_FIELD_NAME_MAX = 100;

/** A card's expiry as typed ('MM/YY'): the form's value, which parseCardExpiry reads. */
export interface CardDraftFields extends Omit<CardFields, 'expiry'> {
  readonly expiry: string;
}

/** The form's values: an item as typed, with a card's expiry as text. */
export type ItemDraft = Exclude<Item, CardItem> | (Omit<CardItem, 'fields'> & { readonly fields: CardDraftFields });

/**
 * Field → message, for the fields that have a problem; empty when the draft can be saved. Keys
 * are the fields' names ('title', 'number', 'publicKey'), 'urls.N' for a login's URLs, and
 * 'customFields.N.name' / 'customFields.N.value' for custom fields (N counts from 0), 'urls' and
 * 'customFields' for more of them than an item keeps (itemLimits.ts), and 'item' for an item too
 * large to store (the form's own check, tooLargeReason, once every field is valid).
 */
export type ItemErrors = Readonly<Record<string, string>>;

type Errors = Record<string, string>;

function checkText(errors: Errors, field: string, label: string, value: string, max: number): void {
  if (errors[field] !== undefined) return;
  if (!isWellFormedText(value)) errors[field] = brokenTextMessage(label);
  else if (value.length > max) errors[field] = tooLongMessage(label, max);
}

/** A secret is stored sealed on its own in today's entries, so its limit is in bytes. */
function checkSecret(errors: Errors, field: string, label: string, value: string): void {
  if (errors[field] !== undefined) return;
  if (!isWellFormedText(value)) errors[field] = brokenTextMessage(label);
  else if (utf8Length(value) > ENTRY_SECRET_MAX_BYTES) errors[field] = tooManyBytesMessage(label, ENTRY_SECRET_MAX_BYTES);
}

function checkLogin(errors: Errors, { title, fields }: Extract<ItemDraft, { kind: 'login' }>): void {
  const username = fields.username.trim();
  const password = fields.password.trim();
  if (username === '') errors.username = PASSWORD_FORM_MESSAGES.usernameRequired;
  if (password === '') errors.password = PASSWORD_FORM_MESSAGES.passwordRequired;
  checkSecret(errors, 'username', 'Username', username);
  checkSecret(errors, 'password', 'Password', password);
  fields.urls.forEach(({ url }, index) => {
    const field = `urls.${index}`;
    const typed = url.trim();
    checkText(errors, field, 'URL', typed, FIELD_LIMITS.entryUrl);
    if (errors[field] === undefined && normaliseSavedUrl(typed) === null) errors[field] = ITEM_FORM_MESSAGES.url;
  });
  const otp = fields.otp?.trim() ?? '';
  if (otp === '') return;
  try {
    checkText(errors, 'otp', 'One-time code', canonicalOneTimeCode(otp, { title: title.trim(), username }), FIELD_LIMITS.entryOneTimeCode);
  } catch (error) {
    if (!(error instanceof OneTimeCodeError)) throw error;
    errors.otp = error.message;
  }
}

function checkCard(errors: Errors, { fields }: Extract<ItemDraft, { kind: 'card' }>): void {
  const [cardholder, number, expiry, code] = [fields.cardholder.trim(), fields.number.trim(), fields.expiry.trim(), fields.code.trim()];
  if (number !== '' && !isCardNumber(number)) errors.number = ITEM_FORM_MESSAGES.cardNumber;
  if (expiry !== '' && parseCardExpiry(expiry) === null) errors.expiry = ITEM_FORM_MESSAGES.expiry;
  if (code !== '' && !/^\d{3,4}$/.test(code)) errors.code = ITEM_FORM_MESSAGES.securityCode;
  checkText(errors, 'cardholder', 'Cardholder', cardholder, FIELD_LIMITS.entryTitle);
}

function checkIdentity(errors: Errors, { fields }: Extract<ItemDraft, { kind: 'identity' }>): void {
  for (const field of Object.keys(IDENTITY_FIELD_LABELS) as (keyof IdentityFields)[]) {
    checkText(errors, field, IDENTITY_FIELD_LABELS[field], fields[field].trim(), FIELD_LIMITS.entryTitle);
  }
}

/** The parsed key, or null with the form's message set on `field`. */
function readKey<T>(errors: Errors, field: string, message: string, read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof SshKeyError)) throw error;
    errors[field] = message;
    return null;
  }
}

function checkSsh(errors: Errors, { fields }: Extract<ItemDraft, { kind: 'ssh' }>): void {
  const privateText = fields.privateKey.trim();
  const publicText = fields.publicKey.trim();
  checkText(errors, 'privateKey', 'Private key', privateText, FIELD_LIMITS.entryNotes);
  checkText(errors, 'publicKey', 'Public key', publicText, FIELD_LIMITS.entryNotes);
  const privateKey =
    privateText === '' || errors.privateKey !== undefined
      ? null
      : readKey(errors, 'privateKey', ITEM_FORM_MESSAGES.privateKey, () => readSshPrivateKey(privateText));
  const publicKey =
    publicText === '' || errors.publicKey !== undefined
      ? null
      : readKey(errors, 'publicKey', ITEM_FORM_MESSAGES.publicKey, () => parseSshPublicKey(publicText));
  // A file that carries its public key must agree with the one given beside it.
  const carried = privateKey?.publicKey ?? null;
  if (carried !== null && publicKey !== null && !sameKey(carried, publicKey)) errors.publicKey = ITEM_FORM_MESSAGES.keysDiffer;
}

function sameKey(a: SshPublicKey, b: SshPublicKey): boolean {
  return a.blob.length === b.blob.length && a.blob.every((byte, index) => byte === b.blob[index]);
}

function checkCustomField(errors: Errors, field: CustomField, index: number): void {
  const nameField = `customFields.${index}.name`;
  const name = field.name.trim();
  if (name === '') errors[nameField] = ITEM_FORM_MESSAGES.customFieldName;
  checkText(errors, nameField, 'Field name', name, CUSTOM_FIELD_NAME_MAX);
  const valueField = `customFields.${index}.value`;
  const label = name === '' ? 'Field' : name.slice(0, CUSTOM_FIELD_NAME_MAX);
  if (field.type === 'text') checkText(errors, valueField, label, field.value.trim(), FIELD_LIMITS.entryNotes);
  else if (field.type === 'hidden') checkSecret(errors, valueField, label, field.value.trim());
}

/** Every problem at once, so each field shows its own message. */
export function validateItem(draft: ItemDraft): ItemErrors {
  const errors: Errors = {};
  const title = draft.title.trim();
  if (title === '') errors.title = PASSWORD_FORM_MESSAGES.titleRequired;
  checkText(errors, 'title', 'Title', title, FIELD_LIMITS.entryTitle);
  checkText(errors, 'notes', 'Notes', draft.notes.trim(), FIELD_LIMITS.entryNotes);
  switch (draft.kind) {
    case 'login':
      checkLogin(errors, draft);
      break;
    case 'card':
      checkCard(errors, draft);
      break;
    case 'identity':
      checkIdentity(errors, draft);
      break;
    case 'ssh':
      checkSsh(errors, draft);
      break;
    case 'note':
      break;
  }
  draft.customFields.forEach((field, index) => {
    checkCustomField(errors, field, index);
  });
  if (draft.kind === 'login' && draft.fields.urls.length > ITEM_LIMITS.urls) errors.urls = ITEM_LIMIT_MESSAGES.urls;
  if (draft.customFields.length > ITEM_LIMITS.customFields) errors.customFields = ITEM_LIMIT_MESSAGES.customFields;
  return errors;
}
