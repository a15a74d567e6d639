import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as logger from 'firebase-functions/logger';
import { extractLinks } from './links';
import type { EmailMessage, Mailer } from './types';

// The emulator's mailer: each message becomes one JSON file in functions/outbox/ and each link in
// it is logged (without its fragment), so a developer (or a test) can open the link without any
// mail server. It never touches SMTP and never reads the SMTP secret.

export interface OutboxRecord extends EmailMessage {
  readonly links: readonly string[];
  readonly sentAt: string;
}

export interface OutboxOptions {
  readonly directory: string;
  readonly now?: () => Date;
  readonly randomSuffix?: () => string;
  readonly log?: (line: string) => void;
}

/**
 * functions/outbox: the folder beside the functions package's package.json, found upwards from this
 * code, which runs as src/email/outbox.ts under tests and inside the bundle lib/index.js on the emulator.
 */
export function defaultOutboxDirectory(): string {
  let directory = __dirname;
  while (!existsSync(join(directory, 'package.json')) && dirname(directory) !== directory) directory = dirname(directory);
  return join(directory, 'outbox');
}

/** Sorts by time as plain text; the suffix keeps two messages in the same millisecond apart. */
export function outboxFileName(sentAt: Date, suffix: string): string {
  return `${sentAt.toISOString().replace(/[:.]/g, '-')}-${suffix}.json`;
}

/**
 * A link as the log shows it: without its fragment, where links carry secrets (an invitation's
 * shared secret, docs/invitations.md), since logs are kept and copied far more than mail. The
 * outbox file keeps the whole link.
 */
export function loggableLink(link: string): string {
  const hash = link.indexOf('#');
  return hash === -1 ? link : `${link.slice(0, hash)}#… (fragment not logged: see the outbox file)`;
}

export function createOutboxMailer(options: OutboxOptions): Mailer {
  const now = options.now ?? (() => new Date());
  const randomSuffix = options.randomSuffix ?? (() => randomBytes(4).toString('hex'));
  const log = options.log ?? ((line: string) => { logger.info(line); });

  return {
    async send(message) {
      const sentAt = now();
      const links = extractLinks(message.text);
      const record: OutboxRecord = { ...message, links, sentAt: sentAt.toISOString() };
      await mkdir(options.directory, { recursive: true });
      const file = join(options.directory, outboxFileName(sentAt, randomSuffix()));
      await writeFile(file, `${JSON.stringify(record, null, 2)}\n`, { flag: 'wx' });
      log(`Outbox: "${message.subject}" to ${message.to} saved as ${file}`);
      for (const link of links) log(`Outbox link for ${message.to}: ${loggableLink(link)}`);
    },
  };
}
