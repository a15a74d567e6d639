import type { GroupDraft } from '../model';

/** SPEC.md §5 "Group": the name is required (the form's submit stays disabled while it is blank). */
export function isGroupDraftComplete(draft: GroupDraft): boolean {
  return draft.name.trim() !== '';
}

export const GROUP_MESSAGES = {
  loadFailed: 'Failed to load groups',
  addFailed: 'Failed to add group',
  updateFailed: 'Failed to update group',
  deleteFailed: 'Failed to delete group',
  /** After 'This group was changed since you opened it.' (docs/vault.md, "Revisions"). */
  deleteAnyway: 'Delete it anyway?',
  keepMineHint: 'Save Group again to keep yours, or take theirs.',
  takeTheirs: 'Take theirs',
} as const;
