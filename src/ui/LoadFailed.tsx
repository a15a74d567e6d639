import { Button } from './Button';

export interface LoadFailedProps {
  /** What could not be loaded, as the user reads it. */
  readonly message: string;
  readonly onRetry: () => void;
  /** Extra classes for placing the block in its screen. */
  readonly className?: string;
}

/** What a section shows when its data did not load: the reason, and a way to try again. */
export function LoadFailed({ message, onRetry, className }: LoadFailedProps) {
  return (
    <div role="alert" className={['notice', 'notice--error', className].filter(Boolean).join(' ')}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
