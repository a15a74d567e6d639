// Every version of Bitwarden's unencrypted JSON a user may hold (issue #44, item 2): today's starts
// with "encrypted": false; older ones have no "encrypted" key at all, personal ones with "folders",
// organization ones with "collections". Fixtures written from Bitwarden's documented layout.
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../../src/features/import/detect';
import { IMPORT_FORMATS } from '../../../../src/features/import/formats';
import { bitwardenJsonFormat } from '../../../../src/features/import/formats/bitwardenJson';
import { fileOf } from '../importFixtures';

const OLDER_PERSONAL = `{
  "folders": [
    { "id": "0b7e1c2a-0000-4000-8000-00000000f001", "name": "Social" }
  ],
  "items": [
    {
      "id": "0b7e1c2a-0000-4000-8000-000000000001",
      "organizationId": null,
      "folderId": "0b7e1c2a-0000-4000-8000-00000000f001",
      "type": 1,
      "name": "Twitter",
      "notes": "Old account",
      "favorite": false,
      "login": {
        "uris": [{ "match": null, "uri": "https://twitter.com/login" }],
        "username": "ada",
        "password": "tw33t",
        "totp": null
      },
      "collectionIds": null
    },
    {
      "id": "0b7e1c2a-0000-4000-8000-000000000002",
      "organizationId": null,
      "folderId": null,
      "type": 2,
      "name": "Locker",
      "notes": "Code 1234",
      "favorite": false,
      "secureNote": { "type": 0 },
      "collectionIds": null
    }
  ]
}`;

const OLDER_ORGANIZATION = `{
  "collections": [
    { "id": "c0000000-0000-4000-8000-000000000001", "organizationId": "0rg00000-0000-4000-8000-000000000001", "name": "Ops/Servers", "externalId": null }
  ],
  "items": [
    {
      "id": "0b7e1c2a-0000-4000-8000-000000000003",
      "organizationId": "0rg00000-0000-4000-8000-000000000001",
      "folderId": null,
      "type": 1,
      "name": "db",
      "notes": null,
      "favorite": false,
      "login": { "uris": [{ "match": null, "uri": "postgres://db.internal" }], "username": "postgres", "password": "pg", "totp": null },
      "collectionIds": ["c0000000-0000-4000-8000-000000000001"]
    }
  ]
}`;

const CURRENT_ORGANIZATION = `{"encrypted": false, "collections": [], "items": [{"type": 1, "name": "x", "login": {"username": "u", "password": "p"}}]}`;

describe('Bitwarden JSON: older exports without "encrypted"', () => {
  it('detects a personal export that starts with "folders", and a file named anything', () => {
    for (const name of ['bitwarden_export_20190612.json', 'backup.txt']) {
      expect(detectFormat(fileOf(name, OLDER_PERSONAL), IMPORT_FORMATS)?.id, name).toBe('bitwarden-json');
    }
  });

  it('detects an organization export that starts with "collections", and today’s organization export', () => {
    expect(detectFormat(fileOf('org.json', OLDER_ORGANIZATION), IMPORT_FORMATS)?.id).toBe('bitwarden-json');
    expect(detectFormat(fileOf('org.json', CURRENT_ORGANIZATION), IMPORT_FORMATS)?.id).toBe('bitwarden-json');
  });

  it('reads every value of an older personal export', async () => {
    expect(await bitwardenJsonFormat.parse(fileOf('old.json', OLDER_PERSONAL), {})).toStrictEqual({
      format: 'bitwarden-json',
      skipped: [],
      items: [
        { at: 'item 1', kind: 'login', title: 'Twitter', url: 'https://twitter.com/login', username: 'ada', password: 'tw33t', notes: 'Old account', extras: [], folder: ['Social'] },
        { at: 'item 2', kind: 'note', title: 'Locker', url: '', username: '', password: '', notes: 'Code 1234', extras: [], folder: [] },
      ],
    });
  });

  it('reads every value of an older organization export, its collection as the folder', async () => {
    expect(await bitwardenJsonFormat.parse(fileOf('org.json', OLDER_ORGANIZATION), {})).toStrictEqual({
      format: 'bitwarden-json',
      skipped: [],
      items: [{ at: 'item 1', kind: 'login', title: 'db', url: 'postgres://db.internal', username: 'postgres', password: 'pg', notes: '', extras: [], folder: ['Ops', 'Servers'] }],
    });
  });

  it('does not take JSON with items but neither folders nor collections, nor folders without items', () => {
    for (const content of ['{"items": [{"title": "x"}]}', '{"folders": [], "entries": []}', '{"collections": [], "notes": []}']) {
      expect(bitwardenJsonFormat.recognises({ name: 'x.json', head: content, bytes: new TextEncoder().encode(content) }), content).toBe(false);
    }
  });
});
