import { useEffect, useId, useState } from 'react';
import type { OwnKeyFingerprint } from './ownKeyFingerprint';

export const KEY_FINGERPRINT_MESSAGES = {
  heading: 'Your key fingerprint',
  explain:
    'Teammates see this before they share a team key with you. If one asks, read it to them over another channel, such as in person or on a call: matching fingerprints mean nobody swapped your key.',
  loading: 'Checking your key…',
  unpublished: 'Your public key is published the next time you unlock your vault.',
  mismatch:
    'The public key teammates see for you does not match the key of this vault. Do not let teammates confirm shares with you until this is resolved; contact support.',
  failed: 'Could not load your key fingerprint. Please try again.',
} as const;

export interface KeyFingerprintSectionProps {
  /** Reads the published key and checks it against this tab's private key. */
  readonly load: () => Promise<OwnKeyFingerprint>;
}

type State = { readonly kind: 'loading' } | { readonly kind: 'failed' } | OwnKeyFingerprint;

/** Account Settings' "Your key fingerprint" (docs/teams.md, fingerprints). */
export function KeyFingerprintSection({ load }: KeyFingerprintSectionProps) {
  const headingId = useId();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    // The section mounts with Account Settings, so each opening reads the key afresh.
    let current = true;
    load().then(
      (result) => {
        if (current) setState(result);
      },
      () => {
        if (current) setState({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [load]);

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="settings-section__heading">
        {KEY_FINGERPRINT_MESSAGES.heading}
      </h3>
      {state.kind === 'ok' && (
        <>
          {/* Group by group (their order is the fingerprint, so the index is their key): a narrow screen wraps between groups, never inside one. */}
          <code className="key-fingerprint key-fingerprint--grouped">
            {state.fingerprint.shown.split(' ').map((group, index) => (
              <span key={index}>{index === 0 ? group : ` ${group}`}</span>
            ))}
          </code>
          <p className="settings-section__note">{KEY_FINGERPRINT_MESSAGES.explain}</p>
        </>
      )}
      {state.kind === 'loading' && (
        <p className="settings-section__note" role="status">
          {KEY_FINGERPRINT_MESSAGES.loading}
        </p>
      )}
      {state.kind === 'unpublished' && <p className="settings-section__note">{KEY_FINGERPRINT_MESSAGES.unpublished}</p>}
      {state.kind === 'mismatch' && (
        <p className="notice notice--error" role="alert">
          {KEY_FINGERPRINT_MESSAGES.mismatch}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          {KEY_FINGERPRINT_MESSAGES.failed}
        </p>
      )}
    </section>
  );
}
