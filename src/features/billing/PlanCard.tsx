import { useId } from 'react';
import { Button } from '../../ui/Button';
import type { PlanCardView } from './billingModel';

export interface PlanCardProps {
  readonly card: PlanCardView;
  readonly onChoose: (card: PlanCardView) => void;
  /** This card's action is running. */
  readonly busy: boolean;
  /** Another action is running, or this action cannot be offered. */
  readonly disabled: boolean;
  /** Id of a note saying why the button is disabled. */
  readonly describedBy?: string | undefined;
}

const BUSY_LABEL = { checkout: 'Starting checkout…', downgrade: 'Downgrading…' } as const;

/** One plan of the grid (SPEC.md §4): name, price, features, badge, and the §4 button. */
export function PlanCard({ card, onChoose, busy, disabled, describedBy }: PlanCardProps) {
  const headingId = useId();
  const { plan, badge, button, featured, action } = card;
  return (
    <li className={featured ? 'plan-card plan-card--featured' : 'plan-card'}>
      <article aria-labelledby={headingId}>
        <h3 id={headingId}>{plan.name}</h3>
        {featured && <p className="plan-card__ribbon">Recommended</p>}
        {badge !== null && <p className="plan-card__badge">{badge}</p>}
        <p className="plan-card__price">
          <span className="plan-card__amount">{card.price}</span>
          {card.interval !== '' && <span className="plan-card__interval">{card.interval}</span>}
        </p>
        <ul className="plan-card__features">
          {card.teams !== null && <li>{card.teams}</li>}
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {button !== null && action !== null && (
          <Button
            variant={featured ? 'primary' : 'secondary'}
            className="plan-card__button"
            onClick={() => {
              onChoose(card);
            }}
            disabled={disabled || busy}
            aria-busy={busy || undefined}
            aria-describedby={[headingId, describedBy].filter(Boolean).join(' ')}
          >
            {busy ? BUSY_LABEL[action] : button}
          </Button>
        )}
      </article>
    </li>
  );
}
