import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { BILLING_MESSAGES } from '@keyloft/contract/billing';
import { LinkButton } from '../../ui/LinkButton';
import { MAIN_CONTENT_ID } from '../../ui/SkipLink';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import type { BillingService } from './billingService';
import { CHECKOUT_READ_DELAYS_MS, checkoutActivated, readSessionId } from './checkoutResult';
import './BillingCancelPage.css';

export interface BillingSuccessPageProps {
  readonly service: Pick<BillingService, 'loadStatus'>;
  readonly now?: () => number;
  /** Waits before each read of the subscription; the first is SPEC.md §9's 2 s. */
  readonly delays?: readonly number[];
}

type View = { readonly status: 'processing' } | { readonly status: 'success'; readonly planName: string } | { readonly status: 'failed' };

/**
 * /billing/success (SPEC.md §2, §8, §9): where checkout returns. Processing until the webhook's
 * subscription is read back (docs/billing-ui.md), then success or the processing failure.
 */
export function BillingSuccessPage({ service, now = Date.now, delays = CHECKOUT_READ_DELAYS_MS }: BillingSuccessPageProps) {
  const sessionId = readSessionId(useLocation().search);
  const [view, setView] = useState<View>({ status: 'processing' });

  useEffect(() => {
    if (sessionId === null) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readAfter = (attempt: number) => {
      timer = setTimeout(() => {
        void service.loadStatus().then(({ subscription }) => {
          if (cancelled) return;
          if (checkoutActivated(subscription, now())) setView({ status: 'success', planName: subscription.planName });
          else if (attempt + 1 < delays.length) readAfter(attempt + 1);
          else setView({ status: 'failed' });
        });
      }, delays[attempt]);
    };
    readAfter(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [sessionId, service, now, delays]);

  const shown: View | { status: 'missing' } = sessionId === null ? { status: 'missing' } : view;
  useDocumentTitle(shown.status === 'success' ? 'Subscription active' : shown.status === 'processing' ? 'Processing subscription' : 'Subscription issue');

  return (
    <main id={MAIN_CONTENT_ID} className="billing-result">
      <div className="billing-result__card">
        {shown.status === 'processing' && (
          <>
            <h1>Processing your subscription…</h1>
            <p role="status">Please wait while we confirm your payment.</p>
          </>
        )}
        {shown.status === 'success' && (
          <>
            <h1>Subscription active</h1>
            <p role="status">Your {shown.planName} plan is now active. Thank you!</p>
            <div className="billing-result__actions">
              <LinkButton to="/dashboard" variant="primary">
                Go to Dashboard
              </LinkButton>
              <LinkButton to="/billing" variant="secondary">
                Go to Billing
              </LinkButton>
            </div>
          </>
        )}
        {(shown.status === 'failed' || shown.status === 'missing') && (
          <>
            <h1>Subscription issue</h1>
            <p role="alert">{shown.status === 'missing' ? BILLING_MESSAGES.noSessionId : BILLING_MESSAGES.processingFailed}</p>
            <div className="billing-result__actions">
              <LinkButton to="/billing" variant="primary">
                Go to Billing
              </LinkButton>
              <LinkButton to="/dashboard" variant="secondary">
                Go to Dashboard
              </LinkButton>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
