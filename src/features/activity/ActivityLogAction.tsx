import { lazy, Suspense, useState } from 'react';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import type { ActivityLogDialogProps, ActivityLogServices } from './ActivityLogDialog';
import type { VaultNames } from './eventText';

// The team view's 'Activity log' button and the dialog behind it, which loads its chunk the first
// time it opens: a closed log costs the dashboard this file only.

const ActivityLogDialog = lazy(() => import('./ActivityLogDialog'));

export const ACTION_TEXT = 'Activity log';

/** Who reads a team's log (the rules allow exactly them). */
export function readsActivityLog(role: TeamRole): boolean {
  return role === 'owner' || role === 'admin';
}

export interface ActivityLogActionProps {
  readonly teamId: string;
  readonly teamName: string;
  /** The viewer's role: the action is shown to owners and admins only. */
  readonly role: TeamRole;
  readonly services: ActivityLogServices;
  readonly names: VaultNames;
  /** The button's accessible name where several stand together (one per deleted team). */
  readonly label?: string;
  /** The log of a team its owner deleted (issue #24). */
  readonly deleted?: boolean;
}

export function ActivityLogAction({ teamId, teamName, role, services, names, label, deleted = false }: ActivityLogActionProps) {
  const [open, setOpen] = useState(false);
  if (!readsActivityLog(role)) return null;
  const close = () => {
    setOpen(false);
  };
  const props: ActivityLogDialogProps = { teamId, teamName, services, names, onClose: close, deleted };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        aria-label={label}
        onClick={() => {
          setOpen(true);
        }}
      >
        {ACTION_TEXT}
      </Button>
      {open && (
        <Suspense
          fallback={
            <Dialog open title={ACTION_TEXT} onClose={close}>
              <p role="status">Loading…</p>
            </Dialog>
          }
        >
          <ActivityLogDialog {...props} />
        </Suspense>
      )}
    </>
  );
}
