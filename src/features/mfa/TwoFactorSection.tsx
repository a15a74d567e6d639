import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { MfaFactor } from '../../data/auth/authGateway';
import { resourceKeys } from '../../session/serverState/keys';
import { Button } from '../../ui/Button';
import { removalErrorMessage } from './enrolmentErrors';
import { canAddFactor, enrolledOn, factorLabel } from './factors';
import type { MfaEnrolmentApi } from './mfaEnrolmentApi';
import './mfa.css';

export const ADD_FACTOR_LABEL = 'Add Authentication Method';

export interface TwoFactorSectionProps {
  readonly api: MfaEnrolmentApi;
  /** Opens the enrolment modal. */
  readonly onAdd: () => void;
}

/** Account Settings' two-factor section: the enrolled factors with Remove, and Add (hidden at two). */
export function TwoFactorSection({ api, onAdd }: TwoFactorSectionProps) {
  const headingId = useId();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const removingRef = useRef(false);

  // Held as `resourceKeys.mfaFactors`, read from the signed-in account (at once: it is in
  // memory): a removal here and an enrolment in the overlay mark it stale, and it is read again.
  const client = useQueryClient();
  const { data: factors } = useQuery({
    queryKey: resourceKeys.mfaFactors(),
    queryFn: () => api.listFactors(),
    initialData: () => api.listFactors(),
  });

  async function remove(factor: MfaFactor) {
    if (removingRef.current) return;
    removingRef.current = true;
    setRemoving(true);
    setError(null);
    setRemoved(null);
    try {
      await api.unenrol(factor.uid);
      await client.invalidateQueries({ queryKey: resourceKeys.mfaFactors() });
      setConfirming(null);
      setRemoved(factorLabel(factor));
      api.notifyRemoved(factor.factorId).catch((failure: unknown) => {
        console.error('The two-factor removal notice could not be sent', failure);
      });
    } catch (failure) {
      setError(removalErrorMessage(failure));
    } finally {
      removingRef.current = false;
      setRemoving(false);
    }
  }

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="settings-section__heading">
        Two-factor authentication
      </h3>
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <p role="status" className="mfa-status">
        {removed !== null ? `Removed ${removed}.` : ''}
      </p>
      {factors.length === 0 ? (
        <p className="settings-section__note">Off. Add a second step to sign-in so a stolen password is not enough.</p>
      ) : (
        <ul className="mfa-factors">
          {factors.map((factor) => {
            const label = factorLabel(factor);
            const added = enrolledOn(factor);
            return (
              <li key={factor.uid} className="mfa-factors__item">
                <span>
                  {label}
                  {added !== null && <span className="mfa-factors__date"> · {added}</span>}
                </span>
                {confirming === factor.uid ? (
                  <span className="mfa-factors__confirm">
                    <span>Remove this method?</span>
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={removing}
                      onClick={() => {
                        void remove(factor);
                      }}
                    >
                      {removing ? 'Removing…' : 'Yes, remove'}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={removing}
                      onClick={() => {
                        setConfirming(null);
                      }}
                    >
                      Keep
                    </Button>
                  </span>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove ${label}`}
                    disabled={removing}
                    onClick={() => {
                      setError(null);
                      setConfirming(factor.uid);
                    }}
                  >
                    Remove
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canAddFactor(factors) && (
        <div className="settings-section__actions">
          <Button variant="secondary" size="sm" onClick={onAdd}>
            {ADD_FACTOR_LABEL}
          </Button>
        </div>
      )}
    </section>
  );
}
