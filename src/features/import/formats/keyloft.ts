// Keyloft's own export, plain or encrypted (docs/import.md "Export"): the round trip of issue #20.
// An encrypted file is checked before its password is asked for, opened with the password the
// user typed, and read as the plain document it seals.
import { CryptoError, EXPORT_FILE_VERSION, InvalidCiphertextError, UnsupportedKdfError, WrongExportPasswordError, checkExportFile, openExportFile } from '../../../crypto';
import { KEYLOFT_DOCUMENT_VERSIONS, KEYLOFT_EXPORT_FORMAT, isRecord, readKeyloftEntries, readKeyloftFolders } from '../export/keyloftDocument';
import { ImportFileError, NeedsFilePasswordError } from '../model';
import type { ImportFile, ImportFormat, ParseOptions, ParsedImport } from '../model';

// Both writers put "format" first, so it is within any sample's first 64 KiB.
const FORMAT_KEY = /"format"\s*:\s*"keyloft-export"/;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export const keyloftFormat: ImportFormat = {
  id: 'keyloft',
  label: 'Keyloft (JSON, encrypted or plain)',
  recognises: ({ head }) => FORMAT_KEY.test(head),
  parse: parseKeyloft,
};

async function parseKeyloft(file: ImportFile, options: ParseOptions): Promise<ParsedImport> {
  const outer = readDocument(parseJson(file.bytes), 'file');
  const plain = outer.encrypted === true ? readDocument(parseJson(await openSealed(outer, options.filePassword)), 'sealed') : outer;
  if (plain.encrypted !== false) {
    throw new ImportFileError('This Keyloft export says neither that it is encrypted nor that it is plain, so it cannot be read.');
  }
  return { format: 'keyloft', ...readKeyloftEntries(plain, options.onProgress), folders: readKeyloftFolders(plain) };
}

function parseJson(source: Uint8Array | string): unknown {
  let text: string;
  try {
    text = typeof source === 'string' ? source : utf8.decode(source);
  } catch {
    throw new ImportFileError('This file is not UTF-8 text, so it is not a Keyloft export.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ImportFileError('This file is not valid JSON, so it is not a Keyloft export (it may be cut short).');
  }
}

/** Format and version, the same for the file and for what an encrypted file seals. */
function readDocument(value: unknown, where: 'file' | 'sealed'): Readonly<Record<string, unknown>> {
  if (!isRecord(value) || value.format !== KEYLOFT_EXPORT_FORMAT) {
    throw new ImportFileError(
      where === 'file'
        ? 'This file is not a Keyloft export: it does not say "format": "keyloft-export".'
        : 'This encrypted file opened, but what it holds is not a Keyloft export.',
    );
  }
  const { version } = value;
  // An encrypted file's own version is its sealing's; the plain document's is 1, or 2 with items.
  const known = where === 'file' && value.encrypted === true ? [EXPORT_FILE_VERSION] : KEYLOFT_DOCUMENT_VERSIONS;
  if (typeof version !== 'number' || !known.includes(version)) {
    throw new ImportFileError(
      typeof version === 'number'
        ? `This Keyloft export is version ${version}; this version of Keyloft reads ${known.length === 1 ? 'version' : 'versions'} ${known.join(' and ')} only. Update Keyloft and try again.`
        : 'This Keyloft export does not say which version of the format it is, so it cannot be read.',
    );
  }
  if (where === 'sealed' && value.encrypted !== false) {
    throw new ImportFileError('This encrypted file opened, but what it holds is not a plain Keyloft export.');
  }
  return value;
}

async function openSealed(file: Readonly<Record<string, unknown>>, password: string | undefined): Promise<string> {
  try {
    checkExportFile(file);
    if (password === undefined || password === '') throw new NeedsFilePasswordError(false);
    return await openExportFile(password, file);
  } catch (error) {
    throw importErrorOf(error);
  }
}

function importErrorOf(error: unknown): unknown {
  if (error instanceof WrongExportPasswordError) return new NeedsFilePasswordError(true);
  if (error instanceof UnsupportedKdfError) {
    return new ImportFileError(`This Keyloft export asks for key derivation settings Keyloft refuses, so it was altered or is not Keyloft's: ${error.message}`);
  }
  if (error instanceof InvalidCiphertextError) {
    return new ImportFileError(`This Keyloft export is damaged and cannot be opened: ${error.message}`);
  }
  if (error instanceof CryptoError) return new ImportFileError(`This Keyloft export cannot be opened: ${error.message}`);
  return error;
}
