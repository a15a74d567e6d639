import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BILLING_MESSAGES } from '@keyloft/contract/billing';
import { FailedState } from '../../ui/FailedState';
import { LinkButton } from '../../ui/LinkButton';
import { MAIN_CONTENT_ID } from '../../ui/SkipLink';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useSubmit } from '../../ui/useSubmit';
import { BillingErrorDialog, type BillingError } from './BillingErrorDialog';
import { BillingSkeleton } from './BillingSkeleton';
import { currentPlanName, dialogMessage, planCards, type PlanCardView } from './billingModel';
import type { BillingData, BillingService, CheckoutAvailability } from './billingService';
import { CurrentPlanCard } from './CurrentPlanCard';
import { PlanCard } from './PlanCard';
import './billing.css';

export interface BillingPageProps {
  readonly service: BillingService;
  /** Sends the browser to the payment provider's page; window.location.assign in the app. */
  readonly redirect?: (url: string) => void;
  readonly now?: () => number;
  /** The app's own header (its navigation and account menu); without it, a brand and 'Back to Dashboard'. */
  readonly header?: ReactNode;
}

type Busy = { readonly kind: 'checkout' | 'downgrade'; readonly planId: string } | { readonly kind: 'portal' };

type Load = { readonly status: 'loading' } | { readonly status: 'failed' } | { readonly status: 'loaded'; readonly data: BillingData };

/** The dialog's title and its text: the failure's own message when it has one, else `fallback`. */
function failedAs(title: string, fallback: string) {
  return (failure: unknown): BillingError => ({ title, message: dialogMessage(failure, fallback) });
}

function assignLocation(url: string): void {
  window.location.assign(url);
}

export const CHECKOUT_NOTES: Readonly<Record<Exclude<CheckoutAvailability, 'ready'>, string>> = {
  'no-key': 'Card checkout is unavailable: payments are not set up for this site.',
  failed: 'Stripe.js could not be loaded, so card checkout may be unavailable. Check your connection or content blocker.',
};

/** 'Billing & Subscriptions' (SPEC.md §2, §4, §8): the current plan card and the plans grid. */
export function BillingPage({ service, redirect = assignLocation, now = Date.now, header }: BillingPageProps) {
  useDocumentTitle('Billing & Subscriptions');
  const noteId = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // What the running action is for, and whether the browser is on its way to the payment provider
  // (the page stays busy until it has left, or comes back from the back/forward cache).
  const [target, setTarget] = useState<Busy | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Each action brings its own words (run); the load's are only the hook's required default.
  const action = useSubmit<BillingError>(failedAs(BILLING_MESSAGES.loadFailedTitle, BILLING_MESSAGES.loadFailed));
  const { error, setError } = action;
  const busy = action.busy || leaving ? target : null;
  const [availability, setAvailability] = useState<CheckoutAvailability | 'checking'>('checking');

  // Each read takes a number and only the latest may set the state, so a slow first read cannot
  // overwrite the one made after a downgrade; unmounting supersedes every read on its way.
  const latestRead = useRef(0);
  const fetchData = useCallback((): Promise<void> => {
    latestRead.current += 1;
    const read = latestRead.current;
    return service.load().then(
      (data) => {
        if (read === latestRead.current) setLoad({ status: 'loaded', data });
      },
      (loadError: unknown) => {
        console.error('Could not load billing information', loadError);
        if (read !== latestRead.current) return;
        setLoad((previous) => (previous.status === 'loaded' ? previous : { status: 'failed' }));
        setError({ title: BILLING_MESSAGES.loadFailedTitle, message: BILLING_MESSAGES.loadFailed });
      },
    );
  }, [service, setError]);

  useEffect(() => {
    void fetchData();
    return () => {
      latestRead.current += 1;
    };
  }, [fetchData]);

  useEffect(() => {
    let current = true;
    // Never awaited by the page: the plans show at once, the note when (if) the script fails.
    void service.checkoutAvailability().then((state) => {
      if (current) setAvailability(state);
    });
    return () => {
      current = false;
    };
  }, [service]);

  useEffect(() => {
    // Coming back from the payment provider with the Back button restores this page from the
    // back/forward cache with its buttons still busy.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);

  function run(next: Busy, act: () => Promise<void>, title: string, fallback: string) {
    setTarget(next);
    return action.submit(act, failedAs(title, fallback));
  }

  /** Sends the browser to the URL `open` gets; the page stays busy while it leaves. */
  function leaveFor(open: () => Promise<string>) {
    return async () => {
      redirect(await open());
      setLeaving(true);
    };
  }

  async function choose(card: PlanCardView) {
    const planId = card.plan.id;
    switch (card.action) {
      case 'checkout':
        await run(
          { kind: 'checkout', planId },
          leaveFor(() => service.startCheckout(planId)),
          BILLING_MESSAGES.upgradeTitle,
          BILLING_MESSAGES.upgradeFailed,
        );
        return;
      case 'downgrade':
        await run(
          { kind: 'downgrade', planId },
          async () => {
            await service.downgrade();
            await fetchData();
          },
          BILLING_MESSAGES.downgradeTitle,
          BILLING_MESSAGES.downgradeFailed,
        );
        return;
      case null:
        return;
    }
  }

  const checkoutNote = availability === 'no-key' || availability === 'failed' ? CHECKOUT_NOTES[availability] : null;

  return (
    <div className="billing">
      {header ?? (
        <header className="billing__header">
          <Link to="/dashboard" className="billing__brand">
            Keyloft
          </Link>
          <LinkButton to="/dashboard" variant="ghost" size="sm">
            Back to Dashboard
          </LinkButton>
        </header>
      )}
      <main id={MAIN_CONTENT_ID} className="billing__main" aria-busy={load.status === 'loading' || undefined}>
        <h1>Billing &amp; Subscriptions</h1>
        {/* The page's shape at once; the plans fill it when they arrive. */}
        {load.status === 'loading' && <BillingSkeleton />}
        {/* Why is told in the error dialog; the page keeps only the way to try again. */}
        {load.status === 'failed' && (
          <FailedState
            retryVariant="secondary"
            onRetry={() => {
              setLoad({ status: 'loading' });
              void fetchData();
            }}
          >
            <p className="billing-note">{BILLING_MESSAGES.loadFailed}</p>
          </FailedState>
        )}
        {load.status === 'loaded' && (
          <LoadedBilling
            data={load.data}
            now={now()}
            busy={busy}
            checkoutNote={checkoutNote}
            checkoutDisabled={availability === 'no-key'}
            noteId={noteId}
            onManageBilling={() => void run({ kind: 'portal' }, leaveFor(() => service.openPortal()), BILLING_MESSAGES.portalTitle, BILLING_MESSAGES.portalFailed)}
            onChoose={(card) => void choose(card)}
          />
        )}
      </main>
      <BillingErrorDialog
        error={error}
        onClose={() => {
          setError(null);
        }}
      />
    </div>
  );
}

interface LoadedBillingProps {
  readonly data: BillingData;
  readonly now: number;
  readonly busy: Busy | null;
  readonly checkoutNote: string | null;
  readonly checkoutDisabled: boolean;
  readonly noteId: string;
  readonly onManageBilling: () => void;
  readonly onChoose: (card: PlanCardView) => void;
}

function LoadedBilling({ data, now, busy, checkoutNote, checkoutDisabled, noteId, onManageBilling, onChoose }: LoadedBillingProps) {
  const { plans, current } = data;
  const cards = planCards(plans, current.subscription, now);
  return (
    <>
      <CurrentPlanCard
        planName={currentPlanName(plans, current.subscription, now)}
        subscription={current.subscription}
        assumed={current.assumed}
        now={now}
        onManageBilling={current.hasCustomer ? onManageBilling : null}
        portalBusy={busy?.kind === 'portal'}
        disabled={busy !== null}
      />
      <section className="billing-plans" aria-labelledby={`${noteId}-plans`}>
        <h2 id={`${noteId}-plans`}>Available Plans</h2>
        {checkoutNote !== null && (
          <p id={noteId} role="status" className="billing-note">
            {checkoutNote}
          </p>
        )}
        <ul className="billing-plans__grid">
          {cards.map((card) => {
            const thisBusy = busy !== null && busy.kind !== 'portal' && busy.planId === card.plan.id;
            const blocked = card.action === 'checkout' && checkoutDisabled;
            return (
              <PlanCard
                key={card.plan.id}
                card={card}
                onChoose={onChoose}
                busy={thisBusy}
                disabled={busy !== null || blocked}
                describedBy={card.action === 'checkout' && checkoutNote !== null ? noteId : undefined}
              />
            );
          })}
        </ul>
      </section>
    </>
  );
}
