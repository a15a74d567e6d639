import { useId, useState } from 'react';
import type { ThirdPartyProvider } from '../../data/auth/authGateway';
import { Button } from '../../ui/Button';
import { FormAlert, ModeSwitch } from './fields';
import { PROVIDER_NAMES } from './providerErrors';
import { useSubmit } from './useSubmit';

const PROVIDERS = ['google', 'microsoft', 'github'] as const;

/** The four sign-in choices and the login/signup switch (SPEC.md §2 "Auth modal"). */
export function ChooseMethod({
  signup,
  onEmail,
  onSwitch,
  onProvider,
}: {
  signup: boolean;
  onEmail: () => void;
  onSwitch: () => void;
  /** Runs the popup sign-in; throws what the user should read. */
  onProvider: (provider: ThirdPartyProvider) => Promise<void>;
}) {
  const errorId = useId();
  const { busy, error, submit } = useSubmit(errorId);
  const [pending, setPending] = useState<ThirdPartyProvider | null>(null);

  function choose(provider: ThirdPartyProvider) {
    setPending(provider);
    void submit(() => onProvider(provider)).finally(() => {
      setPending(null);
    });
  }

  return (
    <div className="auth-form">
      <FormAlert id={errorId} error={error} />
      <div className="auth-choices">
        <Button variant="primary" className="auth-choice" onClick={onEmail} disabled={busy}>
          Continue with email
        </Button>
        {PROVIDERS.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            className="auth-choice"
            onClick={() => {
              choose(provider);
            }}
            disabled={busy}
          >
            Continue with {PROVIDER_NAMES[provider]}
          </Button>
        ))}
      </div>
      {pending !== null && (
        <p role="status" className="auth-progress">
          Waiting for {PROVIDER_NAMES[pending]} sign-in…
        </p>
      )}
      <ModeSwitch signup={signup} onSwitch={onSwitch} disabled={busy} />
    </div>
  );
}
