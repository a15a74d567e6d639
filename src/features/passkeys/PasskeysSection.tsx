import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { PasskeyEnrolment } from '../../crypto';
import type { StoredPasskey } from '../../data/passkeys/storedPasskeys';
import { Button } from '../../ui/Button';
import { ConfirmMasterPassword, CreatePasskey } from './AddPasskeyForms';
import { PASSKEY_SECTION_MESSAGES } from './passkeyMessages';
import { PasskeyRow } from './PasskeyRow';
import type { PasskeySettingsApi } from './passkeyService';
import type { PasskeySupport } from './webauthn';
import './passkeys.css';

export { PASSKEY_SECTION_MESSAGES };

type Listing = { readonly kind: 'loading' } | { readonly kind: 'failed' } | { readonly kind: 'ready'; readonly passkeys: readonly StoredPasskey[] };
type Adding =
  | { readonly step: 'closed' }
  | { readonly step: 'confirm' }
  | { readonly step: 'create'; readonly enrolment: PasskeyEnrolment };

/** Account Settings' "Unlock with a passkey" (issue #46): add, list with last use, remove. */
export function PasskeysSection({ api }: { readonly api: PasskeySettingsApi }) {
  const headingId = useId();
  const [support, setSupport] = useState<PasskeySupport | null>(null);
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });
  const [adding, setAdding] = useState<Adding>({ step: 'closed' });
  const [notice, setNotice] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const reload = useCallback(async () => {
    try {
      setListing({ kind: 'ready', passkeys: await api.list() });
    } catch (error) {
      console.warn(PASSKEY_SECTION_MESSAGES.loadFailed, error);
      setListing({ kind: 'failed' });
    }
  }, [api]);

  useEffect(() => {
    let current = true;
    void api.support().then((value) => {
      if (current) setSupport(value);
    });
    api.list().then(
      (passkeys) => {
        if (current) setListing({ kind: 'ready', passkeys });
      },
      (error: unknown) => {
        console.warn(PASSKEY_SECTION_MESSAGES.loadFailed, error);
        if (current) setListing({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [api]);

  function closeAdding(message: string | null) {
    setAdding({ step: 'closed' });
    setNotice(message);
    // Back to where the user started, once the button is there again.
    setTimeout(() => addButton.current?.focus(), 0);
  }

  const passkeys = listing.kind === 'ready' ? listing.passkeys : [];
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="settings-section__heading">
        {PASSKEY_SECTION_MESSAGES.heading}
      </h3>
      <p className="settings-section__note">{PASSKEY_SECTION_MESSAGES.explain}</p>
      {listing.kind === 'loading' && (
        <p className="settings-section__note" role="status">
          {PASSKEY_SECTION_MESSAGES.loading}
        </p>
      )}
      {listing.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          {PASSKEY_SECTION_MESSAGES.loadFailed}
        </p>
      )}
      {listing.kind === 'ready' && passkeys.length === 0 && <p className="settings-section__note">{PASSKEY_SECTION_MESSAGES.none}</p>}
      {passkeys.length > 0 && (
        <ul className="passkey-list" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.credentialId}
              passkey={passkey}
              onRemove={async () => {
                await api.remove(passkey.credentialId);
                setNotice(PASSKEY_SECTION_MESSAGES.removed);
                await reload();
                setTimeout(() => addButton.current?.focus(), 0);
              }}
            />
          ))}
        </ul>
      )}
      <p className="settings-section__note" role="status">
        {notice}
      </p>
      {support?.kind === 'none' && <p className="settings-section__note">{support.reason}</p>}
      {support?.kind === 'prf' && adding.step === 'closed' && (
        <div className="settings-section__actions">
          <Button
            ref={addButton}
            variant="secondary"
            size="sm"
            onClick={() => {
              setNotice(null);
              setAdding({ step: 'confirm' });
            }}
          >
            Add a passkey
          </Button>
        </div>
      )}
      {adding.step === 'confirm' && (
        <ConfirmMasterPassword
          api={api}
          onConfirmed={(enrolment) => {
            setAdding({ step: 'create', enrolment });
          }}
          onCancel={() => { closeAdding(null); }}
        />
      )}
      {adding.step === 'create' && (
        <CreatePasskey
          api={api}
          enrolment={adding.enrolment}
          onAdded={() => {
            closeAdding(PASSKEY_SECTION_MESSAGES.added);
            void reload();
          }}
          onCancel={() => { closeAdding(null); }}
        />
      )}
    </section>
  );
}
