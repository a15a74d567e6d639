import { FIELD_LIMITS, tooLongMessage } from '@keyloft/contract/fieldLimits';
import { brokenTextMessage, isWellFormedText } from '@keyloft/contract/wellFormedText';
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

export type GroupDraftErrors = Partial<Record<keyof GroupDraft, string>>;

/**
 * What firestore.rules would refuse in a complete draft (isGroupContent), named by field: text that
 * is not well-formed UTF-16, or longer than the stored limit (src/domain/fieldLimits.ts). The
 * inputs' maxLength stops typing past the limit; this also covers what a paste or script puts there.
 */
export function groupDraftErrors(draft: GroupDraft): GroupDraftErrors {
  const errors: GroupDraftErrors = {};
  const fields = [
    ['name', 'Group name', draft.name.trim(), FIELD_LIMITS.groupName],
    ['description', 'Description', draft.description.trim(), FIELD_LIMITS.groupDescription],
  ] as const;
  for (const [field, label, value, max] of fields) {
    if (!isWellFormedText(value)) errors[field] = brokenTextMessage(label);
    else if (value.length > max) errors[field] = tooLongMessage(label, max);
  }
  return errors;
}
