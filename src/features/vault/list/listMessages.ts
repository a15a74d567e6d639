/** What the list says in place of rows once every vault in it has answered (ListPlaceholder). */
export const EMPTY_TEXTS = {
  noEntries: 'No passwords yet. Add your first password!',
  noMatches: 'No passwords match your search.',
  /** The sidebar's kind filter (issue #44) shows none of the list's items. */
  noneOfKind: 'No items of this kind here.',
} as const;

export const LIST_MESSAGES = {
  deleteConfirm: 'Are you sure you want to delete this password?',
  // SPEC.md §8 names no message for a failed delete; this follows 'Failed to save password'.
  deleteFailed: 'Failed to delete password',
  undecryptable: 'Could not decrypt',
  /** A stored document of the wrong shape (issue #17): listed with what is wrong, the rest loads. */
  damaged: 'Damaged entry',
  damagedDetail: (problem: string) => `This entry's stored document is damaged (${problem}); it cannot be shown or edited. You can delete it.`,
  /** Announced by the list once a delete is done (focus moves on to another entry). */
  deleted: (title: string) => `${title} deleted.`,
  /** Announced instead when the delete found the entry gone (docs/vault.md, "Revisions"). */
  alreadyDeleted: (title: string) => `${title}: This password was deleted by someone else.`,
  /** A delete that found the entry saved meanwhile: nothing deleted, the newer one now shown, asked again. */
  deleteChanged: 'This password was changed since you opened it. Delete it anyway?',
} as const;
