import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface BillingError {
  /** One of the §8 titles: 'Error', 'Billing Portal Error', 'Upgrade Error', 'Downgrade Error'. */
  readonly title: string;
  readonly message: string;
}

/** The §8 billing error dialogs: a title, the message, and OK. */
export function BillingErrorDialog({ error, onClose }: { error: BillingError | null; onClose: () => void }) {
  return (
    <Dialog open={error !== null} onClose={onClose} title={error?.title ?? ''} size="sm">
      <p role="alert">{error?.message}</p>
      <div className="billing-dialog__actions">
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      </div>
    </Dialog>
  );
}
