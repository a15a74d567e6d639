// Firestore hands back whatever is stored; nothing untyped leaves the data layer. Converters read
// each field through these checks and refuse a document that does not have the stored shape.

export class MalformedRecordError extends Error {
  constructor(path: string, field: string) {
    super(`${path}: field "${field}" is missing or has the wrong type`);
    this.name = 'MalformedRecordError';
  }
}

export type Data = Readonly<Record<string, unknown>>;

export function field<T>(path: string, data: Data, name: string, check: (value: unknown) => value is T): T {
  const value = data[name];
  if (!check(value)) throw new MalformedRecordError(path, name);
  return value;
}

/** An optional field: absent is fine, present must pass the check. */
export function optionalField<T>(path: string, data: Data, name: string, check: (value: unknown) => value is T): T | undefined {
  return data[name] === undefined ? undefined : field(path, data, name, check);
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
export const isNull = (value: unknown): value is null => value === null;
export const isNullableString = (value: unknown): value is string | null => value === null || isString(value);
export const isNullableNumber = (value: unknown): value is number | null => value === null || isNumber(value);
export const isObject = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
export const isStringMap = (value: unknown): value is Record<string, string> =>
  isObject(value) && Object.values(value).every(isString);
