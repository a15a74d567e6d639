const SAMPLE_ENTRIES = [
  { title: 'Example CRM', detail: 'crm.example.com', user: 'ops@example.com', group: 'Sales' },
  { title: 'Office Wi-Fi', detail: 'Guest network', user: 'guest', group: 'Office' },
  { title: 'Cloud console', detail: 'console.example.com', user: 'admin@example.com', group: 'Engineering' },
] as const;

/**
 * A drawing of the vault made with HTML and CSS (no screenshot file). It is hidden from assistive
 * technology, which gets the caption instead. Its labels differ from the real dashboard's so that
 * nothing on the signed-out page reads like the dashboard.
 */
export function VaultPreview() {
  return (
    <section className="landing-section" aria-labelledby="landing-preview">
      <div className="container">
        <h2 id="landing-preview" className="landing-section__title">
          Everything in one place
        </h2>
        <figure className="vault-preview" aria-labelledby="vault-preview-caption">
          <div className="vault-preview__window" aria-hidden="true">
            <div className="vault-preview__bar">
              <span />
              <span />
              <span />
            </div>
            <div className="vault-preview__body">
              <div className="vault-preview__sidebar">
                <div className="vault-preview__nav vault-preview__nav--active">Personal</div>
                <div className="vault-preview__nav">Teams</div>
                <div className="vault-preview__nav">Shared with me</div>
              </div>
              <div className="vault-preview__main">
                <div className="vault-preview__toolbar">
                  <div className="vault-preview__search">Search…</div>
                  <div className="vault-preview__add">+ New</div>
                </div>
                {SAMPLE_ENTRIES.map((entry) => (
                  <div key={entry.title} className="vault-preview__row">
                    <div>
                      <div className="vault-preview__title">{entry.title}</div>
                      <div className="vault-preview__detail">
                        {entry.detail} · {entry.user}
                      </div>
                    </div>
                    <div className="vault-preview__secret">••••••••••</div>
                    <div className="vault-preview__group">{entry.group}</div>
                  </div>
                ))}
              </div>
            </div>
          </div>
          <figcaption id="vault-preview-caption" className="vault-preview__caption">
            Illustrative mock-up of the Keyloft vault, not a real account.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
