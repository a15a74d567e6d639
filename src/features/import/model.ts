// What an import file holds, read out of any format, before anything is decided about it (issue
// #20). Every parser in ./formats turns its exporter's layout into these items; one shared step
// (./plan) then decides for all formats alike how an item becomes an entry, which are duplicates
// and which groups are made, so "items without a password" or "a field the entry does not hold"
// are handled the same way whatever the file came from (docs/import.md).

/** Every format the import screen offers. Detection picks one; the user can correct it. */
export type ImportFormatId =
  | 'keyloft'
  | 'keyloft-csv'
  | 'bitwarden-json'
  | 'bitwarden-csv'
  | '1password-1pux'
  | '1password-csv'
  | 'lastpass-csv'
  | 'chrome-csv'
  | 'firefox-csv'
  | 'safari-csv'
  | 'keepass-xml'
  | 'keepass-kdbx'
  | 'keepassxc-csv'
  | 'dashlane-csv';

import type { ReplacedPassword } from '../../crypto';

/**
 * What kind of item the exporter said it was: each becomes an item of its kind (issue #44); 'other'
 * (a server, a bank account, a kind Keyloft does not have) a login or a secure note, and the preview
 * lists it. The preview counts kinds.
 */
export type ImportItemKind = 'login' | 'note' | 'card' | 'identity' | 'ssh' | 'other';

/** A custom field's type (docs/items.md): a file that types its fields says so (Bitwarden's, Keyloft's). */
export type ImportFieldType = 'text' | 'hidden' | 'boolean';

/**
 * A value beside the item's title, url, username, password and notes: a field of the item's kind,
 * a further URL, or a custom field (docs/import.md "Fields of every kind").
 */
export interface LabelledValue {
  /** As the file names it: 'URL 2', 'One-time password (TOTP)', 'Card number', 'PIN' (a custom field's own name). */
  readonly label: string;
  readonly value: string;
  /**
   * The field of the item's kind it is, by the item model's name ('number', 'firstName',
   * 'privateKey'; a card's 'expiryMonth' and 'expiryYear' or a whole 'expiry'), when the parser
   * knows; else the plan reads the label (plan/kindFields.ts).
   */
  readonly field?: string;
  /** Set when the file says it is a custom field of this type: then it is one, whatever its label. */
  readonly type?: ImportFieldType;
}

/** How a login's URL matches pages (docs/items.md "URL match rules"). */
export type ImportUrlMatch = 'origin' | 'site' | 'prefix' | 'never';

export interface ImportItem {
  /** Where the item is in the file, for the skipped list and errors: 'row 12' (CSV, counting the header as row 1) or 'item 3'. */
  readonly at: string;
  readonly kind: ImportItemKind;
  /** As the file has them, untrimmed; '' when the format has no such value for this item. */
  readonly title: string;
  readonly url: string;
  readonly username: string;
  readonly password: string;
  readonly notes: string;
  /** Everything else the item holds, in the file's order (extra urls, custom fields, TOTP secrets, card fields). */
  readonly extras: readonly LabelledValue[];
  /** The folder path, outermost first; [] when the item is in no folder. */
  readonly folder: readonly string[];
  /** A one-time code the format keeps in a field of its own (Keyloft's export); others put theirs in `extras`. */
  readonly otp?: string;
  /**
   * The passwords the entry had, with when each was replaced: a Keyloft export's (issue #23),
   * Bitwarden's, 1Password's and KeePass's (issue #44). Absent for none.
   */
  readonly passwordHistory?: readonly ReplacedPassword[];
  /**
   * Every URL of a login with its match rule, when the file gives rules (Bitwarden's JSON,
   * Keyloft's export); `url` is the first. Absent: `url`, then extras `URL 2`…, matched by origin.
   */
  readonly urls?: readonly { readonly url: string; readonly match: ImportUrlMatch }[];
  /** A favourite in the file (issue #44); absent for not. */
  readonly favourite?: boolean;
  /** What the item holds that an item cannot take (issue #44); absent for nothing. */
  readonly notCarried?: readonly NotCarried[];
}

/**
 * Kinds of things an item cannot hold: passkeys, attached files (their names are custom fields, the
 * files are not imported), a master-password re-prompt, an expiry date, earlier passwords without a
 * date they were replaced (the history needs one) and, decided by the plan, earlier passwords
 * beyond the ten a login keeps, a kind Keyloft does not have (imported as a login or a secure
 * note), and web addresses and custom fields beyond the number an item keeps (items/itemLimits.ts).
 * The preview counts and lists them by item before anything is written.
 */
export type NotCarriedKind = 'passkey' | 'attachment' | 'reprompt' | 'expiry' | 'undated-history' | 'older-history' | 'kind' | 'extra-url' | 'extra-field';

export interface NotCarried {
  readonly kind: NotCarriedKind;
  /** What the file calls it, when it names it (an attached file's name). */
  readonly name?: string;
}

/** An item a parser did not turn into an ImportItem, and why: listed in the preview, never dropped silently. */
export interface SkippedItem {
  readonly at: string;
  /** The item's title as the file has it, '' when it has none. */
  readonly title: string;
  readonly reason: string;
}

/** A folder the file lists on its own, with or without items in it (Keyloft's groups): made a group even when empty. */
export interface ImportFolder {
  readonly path: readonly string[];
  /** '' when it has none. */
  readonly description: string;
}

export interface ParsedImport {
  readonly format: ImportFormatId;
  readonly items: readonly ImportItem[];
  readonly skipped: readonly SkippedItem[];
  /** Absent for formats whose folders exist only through their items. */
  readonly folders?: readonly ImportFolder[];
}

/** The file as the browser read it. Nothing of it leaves the browser. */
export interface ImportFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** How far a parser is: items read of the items the file holds (issue #44, item 4). */
export interface ParseProgress {
  readonly read: number;
  readonly total: number;
}

export interface ParseOptions {
  /**
   * The password the file was sealed with, once the user has typed it: a Keyloft encrypted export's,
   * a password-protected Bitwarden export's, a KeePass database's master password (issue #44).
   */
  readonly filePassword?: string;
  /** A KeePass database's key file, when the user chose one (its bytes, as read). */
  readonly keyFile?: Uint8Array;
  /**
   * Told after each item the parser reads, once it knows how many the file holds (the reading
   * worker thins these out before they cross to the page: ../read/readWorkerHost.ts).
   */
  readonly onProgress?: (progress: ParseProgress) => void;
}

export interface ImportFormat {
  readonly id: ImportFormatId;
  /** As the format menu shows it: 'Bitwarden (JSON)'. */
  readonly label: string;
  /**
   * True when the content is recognisably this format (a CSV's header row, a JSON's keys, a zip's
   * `export.data`). Cheap: it sees the file name and at most the first 64 KiB as text.
   */
  readonly recognises: (sample: { readonly name: string; readonly head: string; readonly bytes: Uint8Array }) => boolean;
  /** Throws ImportFileError (or NeedsFilePasswordError) when the file cannot be read as this format. */
  readonly parse: (file: ImportFile, options: ParseOptions) => Promise<ParsedImport>;
}

/** The file cannot be read as the chosen format: the message says why, in words for the user. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}

/**
 * What locks the file: an export's password (Keyloft's encrypted export, a password-protected
 * Bitwarden export), or a KeePass database's master password and, when it has one, key file.
 */
export type FileLock = 'export' | 'keepass';

const FILE_PASSWORD_MESSAGES = {
  export: { ask: 'This file is encrypted. Enter the password it was exported with.', wrong: 'That password does not open this file.' },
  keepass: {
    ask: 'This KeePass database is encrypted. Enter its master password, and choose its key file too if it has one.',
    wrong: 'That password does not open this database. If it also has a key file, choose it too.',
    wrongWithKeyFile: 'That password and key file do not open this database.',
  },
} as const;

/**
 * An encrypted file the user must type the password of (again, when `wrong`); a KeePass database
 * also takes a key file. Nothing is read from the file until it opens.
 */
export class NeedsFilePasswordError extends Error {
  override readonly name = 'NeedsFilePasswordError';
  constructor(
    readonly wrong: boolean,
    readonly lock: FileLock = 'export',
    readonly keyFileGiven = false,
  ) {
    super(NeedsFilePasswordError.messageFor(wrong, lock, keyFileGiven));
  }

  static messageFor(wrong: boolean, lock: FileLock, keyFileGiven = false): string {
    if (lock === 'export') return wrong ? FILE_PASSWORD_MESSAGES.export.wrong : FILE_PASSWORD_MESSAGES.export.ask;
    if (!wrong) return FILE_PASSWORD_MESSAGES.keepass.ask;
    return keyFileGiven ? FILE_PASSWORD_MESSAGES.keepass.wrongWithKeyFile : FILE_PASSWORD_MESSAGES.keepass.wrong;
  }
}
