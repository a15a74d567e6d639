import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invitationEmail, verificationEmail } from '../../src/email/messages';
import { createOutboxMailer, defaultOutboxDirectory, loggableLink, outboxFileName, type OutboxRecord } from '../../src/email/outbox';

const LINK = 'http://127.0.0.1:5173/verify-email?mode=verifyEmail&oobCode=code-1';

describe('the default outbox', () => {
  it('is functions/outbox, found from the package.json above the code (the emulator runs a bundle in lib/)', () => {
    expect(defaultOutboxDirectory()).toBe(resolve('functions', 'outbox'));
  });
});

describe('outbox mailer', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'keyloft-outbox-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates the folder and writes one JSON file per message, with its links and time', async () => {
    const directory = join(root, 'nested', 'outbox');
    const lines: string[] = [];
    const sentAt = new Date('2026-11-21T10:11:12.345Z');
    const mailer = createOutboxMailer({ directory, now: () => sentAt, randomSuffix: () => 'abcd1234', log: (line) => lines.push(line) });
    const message = verificationEmail({ to: 'ana@example.com', link: LINK });

    await mailer.send(message);

    expect(await readdir(directory)).toEqual(['2026-11-21T10-11-12-345Z-abcd1234.json']);
    const record = JSON.parse(await readFile(join(directory, '2026-11-21T10-11-12-345Z-abcd1234.json'), 'utf8')) as OutboxRecord;
    expect(record).toEqual({ ...message, links: [LINK], sentAt: '2026-11-21T10:11:12.345Z' });
    expect(lines.filter((line) => line.includes(LINK))).toHaveLength(1);
    expect(lines.join('\n')).toContain('ana@example.com');
  });

  it('logs a link without its fragment, where an invitation carries its secret; the file keeps the whole link', async () => {
    const secret = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I';
    const link = `http://127.0.0.1:5173/accept-invite?inviteId=abc#secret=${secret}`;
    const lines: string[] = [];
    const mailer = createOutboxMailer({ directory: root, randomSuffix: () => 'f00d', log: (line) => lines.push(line) });
    const message = invitationEmail({ to: 'bo@example.com', teamName: 'Ops', inviterEmail: null, role: 'view', link, expiresAt: 0 });

    await mailer.send(message);

    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).toContain('http://127.0.0.1:5173/accept-invite?inviteId=abc#');
    const [name] = await readdir(root);
    const record = JSON.parse(await readFile(join(root, name!), 'utf8')) as OutboxRecord;
    expect(record.links).toEqual([link]);
    expect(record.text).toContain(link);
  });

  it('loggableLink leaves a link without a fragment as it is', () => {
    expect(loggableLink(LINK)).toBe(LINK);
    expect(loggableLink('https://a.example/x#y')).toBe('https://a.example/x#… (fragment not logged: see the outbox file)');
  });

  it('keeps every message, even two in the same millisecond', async () => {
    const mailer = createOutboxMailer({ directory: root, now: () => new Date(0), log: () => undefined });
    const message = verificationEmail({ to: 'a@example.com', link: LINK });
    await Promise.all([mailer.send(message), mailer.send(message), mailer.send(message)]);
    expect(await readdir(root)).toHaveLength(3);
  });

  it('refuses to overwrite a file (the suffix must be unique)', async () => {
    const mailer = createOutboxMailer({ directory: root, now: () => new Date(0), randomSuffix: () => 'same', log: () => undefined });
    const message = verificationEmail({ to: 'a@example.com', link: LINK });
    await mailer.send(message);
    await expect(mailer.send(message)).rejects.toThrow(/EEXIST/);
  });

  it('names files so that text order is time order', () => {
    const names = [
      outboxFileName(new Date('2026-11-21T09:59:59.999Z'), 'zz'),
      outboxFileName(new Date('2026-11-21T10:00:00.000Z'), 'aa'),
      outboxFileName(new Date('2027-01-01T00:00:00.000Z'), '00'),
    ];
    expect([...names].sort()).toEqual(names);
    for (const name of names) expect(name).toMatch(/^[0-9TZ-]+-[0-9a-z]+\.json$/);
  });
});
