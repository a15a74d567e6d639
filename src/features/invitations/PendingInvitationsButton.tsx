import { useState } from 'react';
import { pendingInvitationsLabel } from '@keyloft/contract/invitations';
import { Button } from '../../ui/Button';
import type { MyInvitationsApi } from './model';
import { TeamInvitationsDialog } from './TeamInvitationsDialog';
import { usePendingInvitations } from './usePendingInvitations';
import './invitations.css';

export interface PendingInvitationsButtonProps {
  /** Keep it stable between renders: a new api reloads the list. */
  readonly api: MyInvitationsApi;
  /** After an invitation was accepted from the modal. */
  readonly onJoined?: (teamId: string) => void;
}

/**
 * The header's pending-invitations button (SPEC.md §2 "Dashboard"): a count badge and the tooltip
 * '{n} pending invitation(s)' when there are any; it opens the Team Invitations modal.
 */
export function PendingInvitationsButton({ api, onJoined }: PendingInvitationsButtonProps) {
  const pending = usePendingInvitations(api);
  const [open, setOpen] = useState(false);
  const count = pending.invitations.length;
  // The tooltip is also the button's description, so a screen reader hears the count with the name.
  const tooltip = count > 0 ? pendingInvitationsLabel(count) : undefined;

  function openDialog() {
    setOpen(true);
    // Invitations arrive at any time: the modal shows the list as it is now.
    if (pending.status === 'failed') pending.retry();
    else void pending.refresh();
  }

  return (
    <>
      <Button variant="ghost" size="sm" className="invitations-button" title={tooltip} aria-haspopup="dialog" onClick={openDialog}>
        Invitations
        {count > 0 && (
          <span className="invitations-button__badge" aria-hidden="true">
            {count}
          </span>
        )}
      </Button>
      {open && (
        <TeamInvitationsDialog
          api={api}
          pending={pending}
          onJoined={onJoined}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
