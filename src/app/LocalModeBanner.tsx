/** Shown on every screen of a local-mode build, where no database keeps what the user enters. */
export function LocalModeBanner() {
  return (
    <div role="status" className="local-mode-banner">
      <strong>Local mode.</strong> No database is running: your data lives only in this tab and is gone when you
      close it.
    </div>
  );
}
