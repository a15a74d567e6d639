import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { PlusIcon } from '../../../ui/icons';

// The Add button of a list with a limit in the item form (a login's URLs, custom fields; issue #44,
// itemLimits.ts): pressed at the limit it says so and adds nothing; a Remove takes the message away.

export interface ListLimit {
  /** The form's own error for the list, else the limit's message once Add was pressed at it. */
  readonly error: string | undefined;
  /** Runs `append` below the limit; at it, shows the limit's message instead. */
  readonly add: (append: () => void) => void;
  /** Call on a Remove: there is room again. */
  readonly removed: () => void;
}

export function useListLimit(count: number, limit: number, message: string, formError: string | undefined): ListLimit {
  const [full, setFull] = useState(false);
  return {
    error: formError ?? (full && count >= limit ? message : undefined),
    add: (append) => {
      if (count >= limit) setFull(true);
      else append();
    },
    removed: () => {
      setFull(false);
    },
  };
}

export interface AddToListProps {
  readonly label: string;
  readonly limit: ListLimit;
  readonly append: () => void;
}

/** The list's error (as an alert) and its Add button. */
export function AddToList({ label, limit, append }: AddToListProps) {
  return (
    <>
      {limit.error !== undefined && (
        <p role="alert" className="field__error">
          {limit.error}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        icon={<PlusIcon />}
        onClick={() => {
          limit.add(append);
        }}
      >
        {label}
      </Button>
    </>
  );
}
