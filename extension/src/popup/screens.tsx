import type { AppConfig } from '../../../src/data/config';
import { Logo } from '../../../src/ui/Logo';

function Brand() {
  return (
    <p className="popup__brand">
      <Logo />
      <span>Keyloft</span>
    </p>
  );
}

/** Which project this build talks to, so a user (and the tests) can tell a local build from a real one. */
function projectLine(config: AppConfig): string {
  const project = config.firebase.projectId;
  return config.emulators === null ? `Project ${project}.` : `Project ${project} on the local emulators (${config.emulators.host}).`;
}

/**
 * Signed out. Signing in inside the extension is not built yet (issue #45, Build 2): the screen
 * says so rather than showing a form that does nothing.
 */
export function SignedOutScreen({ config }: { config: AppConfig }) {
  return (
    <main className="popup">
      <Brand />
      <h1 className="popup__title">Sign in to Keyloft</h1>
      <p>Signing in from the extension is not available yet. Use the Keyloft web vault for now.</p>
      <p className="popup__muted">{projectLine(config)}</p>
    </main>
  );
}

/**
 * Signed in and locked: the shell of the unlock screen. Unlocking with the master password is not
 * built yet (issue #45, Build 2), and nothing reaches this screen until signing in is.
 */
export function LockedScreen({ email }: { email: string }) {
  return (
    <main className="popup">
      <Brand />
      <h1 className="popup__title">Keyloft is locked</h1>
      <p>
        Signed in as <strong>{email}</strong>.
      </p>
      <p className="popup__muted">Unlocking from the extension is not available yet.</p>
    </main>
  );
}
