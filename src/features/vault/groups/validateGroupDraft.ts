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
} as const;
