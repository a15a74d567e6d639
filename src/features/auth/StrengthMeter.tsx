import { useEffect, useMemo, useState } from 'react';
import { loadStrengthEstimator, type StrengthEstimator } from './passwordStrength';

/**
 * Advisory strength of the new master password: a labelled meter, a word, and zxcvbn's warning.
 * Nothing is blocked by it (SPEC.md §5, "Advice, not enforced"). `id` names the element the
 * password input lists in aria-describedby.
 */
export function StrengthMeter({ id, password, email }: { id: string; password: string; email: string }) {
  const [estimate, setEstimate] = useState<StrengthEstimator | null>(null);

  useEffect(() => {
    let current = true;
    loadStrengthEstimator().then(
      (estimator) => {
        if (current) setEstimate(() => estimator);
      },
      (error: unknown) => {
        // Advisory only: without the estimator the form still works, just without the meter.
        console.warn('Could not load the password strength estimator', error);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const strength = useMemo(
    // The email (and its local part) counts as guessable: a master password built on it is weak.
    () => (estimate !== null && password !== '' ? estimate(password, [email, email.split('@')[0] ?? '']) : null),
    [estimate, password, email],
  );

  return (
    <div id={id} className="auth-strength">
      {strength !== null && (
        <>
          <meter
            className="auth-strength__meter"
            min={0}
            max={4}
            low={2}
            high={3}
            optimum={4}
            value={strength.score}
            aria-label="Master password strength"
            aria-valuetext={strength.label}
          />
          <p className="auth-strength__text">
            Strength: <strong>{strength.label}</strong>
            {strength.warning !== null && <> — {strength.warning}</>}
          </p>
        </>
      )}
    </div>
  );
}
