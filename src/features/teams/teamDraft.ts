import { FIELD_LIMITS } from '@keyloft/contract/fieldLimits';
import { PLAN_LIMIT_MESSAGES } from '@keyloft/contract/subscription';
import { brokenTextMessage, isWellFormedText } from '@keyloft/contract/wellFormedText';
import { LINK_LIKE_TEAM_NAME_MESSAGE, isLinkLikeTeamName } from '@keyloft/contract/teamName';
import type { TeamDraft } from './model';

// The team form's rules (SPEC.md §5 "Team"): the name is required; values are trimmed; an empty
// description is omitted. Limits follow the stored document (docs/teams.md): name 1–100,
// description 1–500 characters. A name that looks like a link is refused (src/domain/teamName.ts).

export const TEAM_NAME_MAX = FIELD_LIMITS.teamName;
export const TEAM_DESCRIPTION_MAX = FIELD_LIMITS.teamDescription;

export const TEAM_FORM_MESSAGES = {
  nameRequired: 'Team name is required',
  nameTooLong: `Team name must be at most ${TEAM_NAME_MAX} characters`,
  nameLinkLike: LINK_LIKE_TEAM_NAME_MESSAGE,
  descriptionTooLong: `Description must be at most ${TEAM_DESCRIPTION_MAX} characters`,
  nameBroken: brokenTextMessage('Team name'),
  descriptionBroken: brokenTextMessage('Description'),
  saveFailed: 'Failed to save team',
} as const;

const SHOWN_AS_IS: ReadonlySet<string> = new Set([...Object.values(PLAN_LIMIT_MESSAGES), LINK_LIKE_TEAM_NAME_MESSAGE]);

/**
 * What a failed save shows: the server's plan-limit or link-like-name refusal as it is (the app's own checks agree
 * with it, but the trial may have ended or a team been created elsewhere since), else saveFailed.
 */
export function teamSaveErrorMessage(error: unknown): string {
  return error instanceof Error && SHOWN_AS_IS.has(error.message) ? error.message : TEAM_FORM_MESSAGES.saveFailed;
}

/** The form's values as typed. */
export interface TeamFormValues {
  readonly name: string;
  readonly description: string;
}

export type TeamFormErrors = Partial<Record<keyof TeamFormValues, string>>;

export type TeamDraftValidation =
  | { readonly ok: true; readonly draft: TeamDraft }
  | { readonly ok: false; readonly errors: TeamFormErrors };

/** Checks every rule at once, so each field shows its own message. */
export function validateTeamDraft(values: TeamFormValues): TeamDraftValidation {
  const name = values.name.trim();
  const description = values.description.trim();
  const errors: TeamFormErrors = {};
  if (name === '') errors.name = TEAM_FORM_MESSAGES.nameRequired;
  else if (!isWellFormedText(name)) errors.name = TEAM_FORM_MESSAGES.nameBroken;
  else if (name.length > TEAM_NAME_MAX) errors.name = TEAM_FORM_MESSAGES.nameTooLong;
  else if (isLinkLikeTeamName(name)) errors.name = TEAM_FORM_MESSAGES.nameLinkLike;
  if (!isWellFormedText(description)) errors.description = TEAM_FORM_MESSAGES.descriptionBroken;
  else if (description.length > TEAM_DESCRIPTION_MAX) errors.description = TEAM_FORM_MESSAGES.descriptionTooLong;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, draft: description === '' ? { name } : { name, description } };
}
