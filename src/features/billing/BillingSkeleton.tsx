// The billing page's shape while its plans load (issue #43, item 8): the Current Plan card and two
// plan cards as placeholders of about their size, so the page is there at once and nothing jumps
// when the plans arrive. Not a region named 'Current Plan': that is the loaded card's name.

export const BILLING_LOADING = 'Loading billing information…';

function Bar({ kind }: { readonly kind: 'title' | 'line' | 'short' | 'price' | 'button' }) {
  return <span className={`billing-skeleton__bar billing-skeleton__bar--${kind}`} aria-hidden="true" />;
}

export function BillingSkeleton() {
  return (
    <div className="billing-skeleton">
      <div className="billing-current">
        <h2>Current Plan</h2>
        <p role="status" className="billing-skeleton__status">
          {BILLING_LOADING}
        </p>
        <Bar kind="title" />
        <Bar kind="short" />
      </div>
      <div className="billing-plans" aria-hidden="true">
        <Bar kind="title" />
        <ul className="billing-plans__grid">
          {['first', 'second'].map((key) => (
            <li key={key} className="plan-card billing-skeleton__card">
              <Bar kind="title" />
              <Bar kind="price" />
              <Bar kind="line" />
              <Bar kind="line" />
              <Bar kind="short" />
              <Bar kind="button" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
