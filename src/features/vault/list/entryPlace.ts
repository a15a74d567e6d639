import type { PasswordEntry } from '../model';

/** Where an entry lives in a list that spans vaults, and what the user may do to it there. */
export interface EntryPlace {
  /** Shown beside the entry ('Personal', a team's name); null for none. */
  readonly label: string | null;
  readonly canEdit: boolean;
  readonly canDelete: boolean;
}

export type PlaceOf = (entry: PasswordEntry) => EntryPlace;
