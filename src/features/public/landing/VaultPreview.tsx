// The vault screen as it is (issue #21): a sidebar of vaults, dense rows (letter, title, username,
// where the entry lives) and the selected item's pane. Rows draw their letter from CSS (data-l);
// the first nav item and the first row are the selected ones (CSS, to spare the budgeted chunk).
const NAV = ['All items', 'Personal', 'My Teams', 'Joined Teams'];
const SAMPLE_ENTRIES = [
  ['Cloud console', 'admin@example.com', 'Engineering'],
  ['Example CRM', 'ops@example.com', 'Sales'],
  ['Office Wi-Fi', 'guest', 'Personal'],
] as const;

/**
 * A drawing of the vault made with HTML and CSS (no screenshot file). It is hidden from assistive
 * technology, which gets the caption instead.
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
            <div className="vault-preview__bar" />
            <div className="vault-preview__body">
              <div className="vault-preview__sidebar">
                {NAV.map((name) => (
                  <div key={name} className="vault-preview__nav">
                    {name}
                  </div>
                ))}
              </div>
              <div className="vault-preview__main">
                <div className="vault-preview__search">Search everything…</div>
                {SAMPLE_ENTRIES.map(([title, user, place]) => (
                  <div key={title} className="vault-preview__row" data-l={title[0]}>
                    <div className="vault-preview__title">{title}</div>
                    <div className="vault-preview__detail">{user}</div>
                    <div className="vault-preview__group">{place}</div>
                  </div>
                ))}
              </div>
              <div className="vault-preview__pane">
                <div className="vault-preview__title">{SAMPLE_ENTRIES[0][0]}</div>
                <div className="vault-preview__detail">{SAMPLE_ENTRIES[0][1]}</div>
                <div className="vault-preview__secret">••••••••••</div>
                <div className="vault-preview__add">Copy</div>
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
