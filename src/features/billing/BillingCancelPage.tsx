import { LinkButton } from '../../ui/LinkButton';
import { MAIN_CONTENT_ID } from '../../ui/SkipLink';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import './BillingCancelPage.css';

/**
 * /billing/cancel: where checkout sends the user back after they abandon payment. SPEC.md §2 says
 * the account "stays on the free plan"; only users on Free or on the sign-up trial can reach
 * checkout, and a trial user keeps the trial, so the page says the plan is unchanged, which is
 * true of both.
 */
export function BillingCancelPage() {
  useDocumentTitle('Checkout cancelled');
  return (
    <main id={MAIN_CONTENT_ID} className="billing-result">
      <div className="billing-result__card">
        <h1>Checkout cancelled</h1>
        <p>No charges were made, and your plan has not changed.</p>
        <div className="billing-result__actions">
          <LinkButton to="/dashboard" variant="primary">
            Go to Dashboard
          </LinkButton>
          <LinkButton to="/billing" variant="secondary">
            Back to Billing
          </LinkButton>
        </div>
      </div>
    </main>
  );
}
