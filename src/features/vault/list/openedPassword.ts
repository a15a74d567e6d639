import type { PasswordEntry } from '../model';

/**
 * The entry's password, its sealed details opened first. Never the placeholder '' of a sealed
 * entry: without a way to open the details, it rejects and nothing is copied.
 */
export async function openedPassword(
  entry: PasswordEntry,
  openDetails: ((entry: PasswordEntry) => Promise<PasswordEntry>) | undefined,
): Promise<string> {
  if (entry.sealedDetails === undefined) return entry.password;
  if (openDetails === undefined) throw new Error(`No way to open the details of entry ${entry.id}`);
  return (await openDetails(entry)).password;
}
