// The emulator outbox (functions/outbox, docs/email.md): the emails the functions "sent" on the
// Functions emulator, one JSON file each, read by the emulator and browser tiers.
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const OUTBOX = fileURLToPath(new URL('../../functions/outbox/', import.meta.url));

export interface OutboxFile {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly links: readonly string[];
  readonly sentAt: string;
}

/** Every email to this address, oldest first. */
export async function outboxFilesFor(email: string): Promise<OutboxFile[]> {
  const names = await readdir(OUTBOX).catch(() => []);
  const files = await Promise.all(
    names.filter((name) => name.endsWith('.json')).sort().map(async (name) => JSON.parse(await readFile(OUTBOX + name, 'utf8')) as OutboxFile),
  );
  return files.filter((file) => file.to === email);
}
