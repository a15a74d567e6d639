// A KeePass 2 database (.kdbx, KDBX 3.1 or 4), opened with its master password and key file
// (issue #44): ../unlock/kdbx.ts gives it as KeePass XML, read by the KeePass XML parser, so every
// entry comes in exactly as from KeePass's own XML export (docs/import.md "KeePass 2").
import { assertImportSize } from '../fileGuards';
import { ImportFileError, NeedsFilePasswordError, type ImportFile, type ImportFormat, type ParseOptions, type ParsedImport } from '../model';
import { unlockKdbx } from '../unlock/kdbx';
import { parseKeepassXml } from './keepassXml';
import { KDBX_SIGNATURE, KEEPASS_SIGNATURE, startsWith } from './lockedFiles';

function isKdbx(bytes: Uint8Array): boolean {
  return startsWith(bytes, KEEPASS_SIGNATURE) && startsWith(bytes, KDBX_SIGNATURE, 4);
}

async function parse(file: ImportFile, options: ParseOptions): Promise<ParsedImport> {
  assertImportSize(file);
  if (!isKdbx(file.bytes)) {
    throw new ImportFileError('This file is not a KeePass 2 database (.kdbx): its first bytes are not KeePass’s signature.');
  }
  const password = options.filePassword ?? '';
  if (password === '' && options.keyFile === undefined) throw new NeedsFilePasswordError(false, 'keepass');
  const parsed = parseKeepassXml(await unlockKdbx(file.bytes, password, options.keyFile), options);
  return { ...parsed, format: 'keepass-kdbx' };
}

export const keepassKdbxFormat: ImportFormat = {
  id: 'keepass-kdbx',
  label: 'KeePass 2 database (.kdbx)',
  recognises: ({ bytes }) => isKdbx(bytes),
  parse,
};
