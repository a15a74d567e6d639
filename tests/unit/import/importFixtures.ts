// Fixture files for the import parser tests, and the checks every bad-input test shares.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { ImportFileError, type ImportFile } from '../../../src/features/import/model';

const FIXTURES = new URL('../../fixtures/import/', import.meta.url);

export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, FIXTURES)));
}

export function fixtureText(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

export function fileOf(name: string, content: string | Uint8Array): ImportFile {
  return { name, bytes: typeof content === 'string' ? new TextEncoder().encode(content) : content };
}

/** The promise rejects with an ImportFileError (and nothing else) whose message matches. */
export async function expectFileError(result: Promise<unknown>, message: RegExp): Promise<void> {
  const error: unknown = await result.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  expect((error as ImportFileError).message).toMatch(message);
}
