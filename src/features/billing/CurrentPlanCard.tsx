import { useId } from 'react';
import { statusText, type SubscriptionLike } from '@keyloft/contract/subscription';
import { Button } from '../../ui/Button';
import { formatBillingDate } from './billingModel';

export interface CurrentPlanCardProps {
  readonly planName: string;
  readonly subscription: SubscriptionLike;
  /** The free plan is shown because the subscription could not be read. */
  readonly assumed: boolean;
  readonly now: number;
  /** Set for a user with a payment-provider customer: shows 'Manage Billing'. */
  readonly onManageBilling: (() => void) | null;
  readonly portalBusy: boolean;
  readonly disabled: boolean;
}

/** SPEC.md §4 "Subscription display": plan, status as-is, and the trial or renewal line. */
export function CurrentPlanCard({ planName, subscription, assumed, now, onManageBilling, portalBusy, disabled }: CurrentPlanCardProps) {
  const headingId = useId();
  const line = statusText(subscription, now);
  return (
    <section className="billing-current" aria-labelledby={headingId}>
      <h2 id={headingId}>Current Plan</h2>
      <p className="billing-current__plan">{planName}</p>
      <dl className="billing-current__facts">
        <div>
          <dt>Status</dt>
          <dd>{subscription.status}</dd>
        </div>
        {line !== null &&
          (line.label === 'Trial Mode' ? (
            <div>
              <dt>Trial Mode</dt>
              <dd>Trial ends {formatBillingDate(line.date)}</dd>
            </div>
          ) : (
            <div>
              <dt>{line.label}</dt>
              <dd>{formatBillingDate(line.date)}</dd>
            </div>
          ))}
      </dl>
      {assumed && (
        <p role="status" className="billing-note">
          Your subscription could not be read, so the free plan is shown.
        </p>
      )}
      {onManageBilling !== null && (
        <Button variant="secondary" onClick={onManageBilling} disabled={disabled} aria-busy={portalBusy || undefined}>
          {portalBusy ? 'Opening billing portal…' : 'Manage Billing'}
        </Button>
      )}
    </section>
  );
}
