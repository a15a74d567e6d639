import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ROLE_LABELS, type TeamRole } from '@keyloft/contract/teamPermissions';
import { resourceKeys } from '../../session/serverState/keys';
import { MEMBER_MESSAGES, memberErrorMessage, memberName } from './memberForm';
import type { InviteStep, KeyRecipient, TeamMember, TeamMembersApi } from './model';

/** What a nested confirmation of Manage Team Members is about. */
export type MemberConfirm =
  | { readonly kind: 'invite-link'; readonly step: Extract<InviteStep, { kind: 'link' }> }
  | { readonly kind: 'grant'; readonly recipient: KeyRecipient }
  | { readonly kind: 'reconfirm'; readonly recipient: KeyRecipient }
  | { readonly kind: 'remove'; readonly member: TeamMember }
  | { readonly kind: 'leave' }
  | null;

/** Where focus goes once a confirmation has closed (its own clean-up may find its opener gone or disabled). */
export type FocusTarget = 'email' | 'members';

/**
 * The state of Manage Team Members between reads of the team: which confirmation is open, which
 * member is busy, what was announced, and the one confirmed action that may run at a time.
 */
export function useMemberActions(api: TeamMembersApi, teamId: string, teamsChanged: () => Promise<void>) {
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<MemberConfirm>(null);
  const [announcement, setAnnouncement] = useState('');
  const [listError, setListError] = useState<string | null>(null);
  const [busyMember, setBusyMember] = useState<string | null>(null);
  const [inviteNotice, setInviteNotice] = useState<string | null>(null);
  const focusAfterRef = useRef<FocusTarget | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const membersHeadingRef = useRef<HTMLHeadingElement>(null);
  const runningRef = useRef(false);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    const target = focusAfterRef.current;
    if (target === null || confirm !== null) return;
    focusAfterRef.current = null;
    (target === 'email' ? (emailRef.current ?? membersHeadingRef.current) : membersHeadingRef.current)?.focus();
  });

  /** Reads this team again (after a write that changed only what this dialog shows). Never rejects. */
  const reload = () => client.invalidateQueries({ queryKey: resourceKeys.team(teamId), exact: true });
  const invitationsChanged = () => {
    void client.invalidateQueries({ queryKey: resourceKeys.teamInvitations(teamId) });
  };

  async function changeRole(member: TeamMember, role: TeamRole) {
    setBusyMember(member.uid);
    setListError(null);
    try {
      await api.changeRole(teamId, member.uid, role);
      setAnnouncement(`${memberName(member)} is now ${ROLE_LABELS[role]}.`);
      await teamsChanged();
    } catch (error) {
      console.error(MEMBER_MESSAGES.roleFailed, error);
      setListError(memberErrorMessage(error, MEMBER_MESSAGES.roleFailed));
      await reload();
    }
    setBusyMember(null);
  }

  async function startGrant(member: TeamMember) {
    setBusyMember(member.uid);
    setListError(null);
    try {
      const recipient = await api.prepareGrant(teamId, member.uid);
      setConfirm({ kind: 'grant', recipient });
    } catch (error) {
      console.error(MEMBER_MESSAGES.grantFailed, error);
      setListError(memberErrorMessage(error, MEMBER_MESSAGES.grantFailed));
    }
    setBusyMember(null);
  }

  /** After a rotation stopped at a damaged remembered key: the member's fingerprint, to confirm again. */
  async function startReconfirm(userId: string) {
    setListError(null);
    try {
      const recipient = await api.prepareReconfirm(teamId, userId);
      setConfirm({ kind: 'reconfirm', recipient });
    } catch (error) {
      console.error(MEMBER_MESSAGES.rotationFailed, error);
      setListError(memberErrorMessage(error, MEMBER_MESSAGES.rotationFailed));
    }
  }

  function invitationSent(email: string) {
    setInviteNotice(`Invitation sent to ${email}.`);
    invitationsChanged();
  }

  /** Runs a confirmed action: the confirmation stays open (and cannot close) until it settles. */
  async function run(action: () => Promise<void>): Promise<boolean> {
    if (runningRef.current) return false;
    runningRef.current = true;
    setRunning(true);
    try {
      await action();
      return true;
    } finally {
      runningRef.current = false;
      setRunning(false);
    }
  }

  /** Closes the open confirmation, focus going to `target` once it has. */
  function closeConfirm(target: FocusTarget | null) {
    if (target !== null) focusAfterRef.current = target;
    setConfirm(null);
  }

  return {
    confirm,
    setConfirm,
    closeConfirm,
    emailRef,
    membersHeadingRef,
    announcement,
    announce: setAnnouncement,
    listError,
    setListError,
    busyMember,
    inviteNotice,
    setInviteNotice,
    running,
    isRunning: () => runningRef.current,
    run,
    reload,
    changeRole,
    startGrant,
    startReconfirm,
    invitationsChanged,
    invitationSent,
  };
}

export type MemberActions = ReturnType<typeof useMemberActions>;
