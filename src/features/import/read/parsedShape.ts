// The shape of a ParsedImport (../model.ts), checked where one arrives from the reading worker
// (readProtocol.ts): the preview plans from it and the run writes it, so a reply that is not one
// (a bug on the other side, a message from elsewhere) is refused whole, never half used.
import type { NotCarriedKind } from '../model';

type Fields = Readonly<Record<string, unknown>>;

const ITEM_KINDS: ReadonlySet<unknown> = new Set(['login', 'note', 'card', 'identity', 'ssh', 'other']);
const FIELD_TYPES: ReadonlySet<unknown> = new Set(['text', 'hidden', 'boolean']);
const URL_MATCHES: ReadonlySet<unknown> = new Set(['origin', 'site', 'prefix', 'never']);
const NOT_CARRIED: Readonly<Record<NotCarriedKind, true>> = {
  passkey: true,
  attachment: true,
  reprompt: true,
  expiry: true,
  'undated-history': true,
  'older-history': true,
  'extra-url': true,
  'extra-field': true,
  kind: true,
};

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';

function everyOf(value: unknown, check: (element: unknown) => boolean): boolean {
  return Array.isArray(value) && value.every(check);
}

function isLabelled(value: unknown): boolean {
  return (
    isFields(value) &&
    isString(value.label) &&
    isString(value.value) &&
    (value.field === undefined || isString(value.field)) &&
    (value.type === undefined || FIELD_TYPES.has(value.type))
  );
}

function isRuledUrl(value: unknown): boolean {
  return isFields(value) && isString(value.url) && URL_MATCHES.has(value.match);
}

function isReplaced(value: unknown): boolean {
  return isFields(value) && isString(value.password) && typeof value.replacedAt === 'number' && Number.isFinite(value.replacedAt);
}

function isNotCarried(value: unknown): boolean {
  return isFields(value) && isString(value.kind) && Object.hasOwn(NOT_CARRIED, value.kind) && (value.name === undefined || isString(value.name));
}

const ITEM_TEXT = ['at', 'title', 'url', 'username', 'password', 'notes'] as const;

function isItem(value: unknown): boolean {
  if (!isFields(value) || !ITEM_KINDS.has(value.kind) || !ITEM_TEXT.every((key) => isString(value[key]))) return false;
  return (
    everyOf(value.extras, isLabelled) &&
    everyOf(value.folder, isString) &&
    (value.otp === undefined || isString(value.otp)) &&
    (value.passwordHistory === undefined || everyOf(value.passwordHistory, isReplaced)) &&
    (value.urls === undefined || everyOf(value.urls, isRuledUrl)) &&
    (value.favourite === undefined || typeof value.favourite === 'boolean') &&
    (value.notCarried === undefined || everyOf(value.notCarried, isNotCarried))
  );
}

function isSkipped(value: unknown): boolean {
  return isFields(value) && isString(value.at) && isString(value.title) && isString(value.reason);
}

function isFolder(value: unknown): boolean {
  return isFields(value) && everyOf(value.path, isString) && isString(value.description);
}

/** True when `value` has a ParsedImport's every field, of its type; `isFormat` checks the format id. */
export function isParsedImportShape(value: unknown, isFormat: (format: unknown) => boolean): boolean {
  return (
    isFields(value) &&
    isFormat(value.format) &&
    everyOf(value.items, isItem) &&
    everyOf(value.skipped, isSkipped) &&
    (value.folders === undefined || everyOf(value.folders, isFolder))
  );
}
