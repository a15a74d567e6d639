/**
 * The Keyloft mark; decorative, the brand name is always next to it. Shared by the public header
 * and the app's (issue #43); here in ui/, not behind the public pages' index, whose import from the
 * app would pull app code into the landing page's chunk. Colours: public.css, dashboard.css.
 */
export function Logo() {
  return (
    <svg className="public-logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="28" height="28" rx="8" fill="currentColor" />
      <circle cx="16" cy="13" r="4.5" />
      <rect x="14" y="15" width="4" height="9" rx="1.5" />
    </svg>
  );
}
