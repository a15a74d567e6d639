import { useId, useState } from 'react';
import { DEVICE_COPY_TEXTS, type DeviceCopyControls } from './model';
import { useClearCopy } from './useClearCopy';

export interface DeviceCopySectionProps {
  readonly service: DeviceCopyControls;
}

/**
 * Account Settings' "This device": whether this browser keeps the sealed copy of the vault. A
 * change takes effect on the next page load, so it reloads; turning the copy off deletes it first,
 * and a failed deletion changes nothing.
 */
export function DeviceCopySection({ service }: DeviceCopySectionProps) {
  const headingId = useId();
  const checkId = useId();
  const explainId = useId();
  const [enabled, setEnabled] = useState(() => service.enabled());
  const [reloading, setReloading] = useState(false);
  const clearing = useClearCopy(service);
  const busy = reloading || clearing.state.kind === 'clearing';

  const choose = (on: boolean) => {
    const apply = () => {
      service.setEnabled(on);
      setEnabled(on);
      setReloading(true);
      service.reloadPage();
    };
    if (on) apply();
    else clearing.run(apply);
  };

  return (
    <section className="settings-section" aria-labelledby={headingId} aria-busy={busy}>
      <h3 id={headingId} className="settings-section__heading">
        {DEVICE_COPY_TEXTS.heading}
      </h3>
      <div className="settings-section__check">
        {/* aria-disabled rather than disabled: the box keeps the focus while the copy is removed. */}
        <input
          id={checkId}
          type="checkbox"
          checked={enabled}
          aria-describedby={explainId}
          aria-disabled={busy}
          onChange={(event) => {
            if (!busy) choose(event.target.checked);
          }}
        />
        <label htmlFor={checkId}>{DEVICE_COPY_TEXTS.checkbox}</label>
      </div>
      <p id={explainId} className="settings-section__note">
        {DEVICE_COPY_TEXTS.explain}
      </p>
      {busy && (
        <p className="settings-section__note" role="status">
          {reloading ? DEVICE_COPY_TEXTS.reloading : DEVICE_COPY_TEXTS.clearing}
        </p>
      )}
      {clearing.state.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          {clearing.state.message}
        </p>
      )}
    </section>
  );
}
