import { useState, type SyntheticEvent } from 'react';
import { WrongMasterPasswordError } from '../../../src/crypto';
import type { AppConfig } from '../../../src/data/config';
import { authErrorMessage } from '../../../src/features/auth/authErrorMessages';
import { Button } from '../../../src/ui/Button';
import { Logo } from '../../../src/ui/Logo';
import { TextField } from '../../../src/ui/TextField';
import type { ExtensionSession, SignInOutcome } from '../session/session';

export function Brand() {
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

/** Runs a form's work once at a time, keeping its error message. */
function useFormWork() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (work: () => Promise<void>, message: (error: unknown) => string) => (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    work().then(
      () => {
        setBusy(false);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(message(failure));
      },
    );
  };
  return { busy, error, run };
}

type SecondFactor = Extract<SignInOutcome, { kind: 'second-factor' }>;

/** Signed out: email and account password, then an authenticator code when the account has one. */
export function SignInScreen({ config, session, onSignedIn }: { config: AppConfig; session: ExtensionSession; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [factor, setFactor] = useState<SecondFactor | null>(null);
  const [unsupported, setUnsupported] = useState(false);
  const { busy, error, run } = useFormWork();

  const outcome = (result: SignInOutcome) => {
    if (result.kind === 'signed-in') onSignedIn();
    else if (result.kind === 'second-factor') setFactor(result);
    else setUnsupported(true);
  };

  if (factor !== null) {
    return (
      <main className="popup">
        <Brand />
        <h1 className="popup__title">Two-step verification</h1>
        <form onSubmit={run(async () => { outcome(await factor.verify(code.trim())); }, authErrorMessage)} noValidate>
          <TextField label="Code from your authenticator app" value={code} onChange={(event) => { setCode(event.target.value); }} autoComplete="one-time-code" inputMode="numeric" autoFocus error={error} />
          <Button type="submit" disabled={busy}>
            Verify
          </Button>
        </form>
      </main>
    );
  }
  return (
    <main className="popup">
      <Brand />
      <h1 className="popup__title">Sign in to Keyloft</h1>
      {unsupported ? (
        <p role="alert">This account’s second step is a text message, which the extension cannot send. Add an authenticator app in the web vault’s settings to sign in here.</p>
      ) : null}
      <form onSubmit={run(async () => { outcome(await session.signIn(email.trim(), password)); }, authErrorMessage)} noValidate>
        <TextField label="Email" type="email" value={email} onChange={(event) => { setEmail(event.target.value); }} autoComplete="username" autoFocus />
        <TextField label="Account password" type="password" value={password} onChange={(event) => { setPassword(event.target.value); }} autoComplete="current-password" error={error} />
        <Button type="submit" disabled={busy}>
          Sign in
        </Button>
      </form>
      <p className="popup__muted">{projectLine(config)}</p>
    </main>
  );
}

function unlockMessage(error: unknown): string {
  if (error instanceof WrongMasterPasswordError) return error.message;
  console.error('Keyloft: unlock failed', error);
  return error instanceof Error ? error.message : 'The vault could not be opened. Please try again.';
}

/** Signed in and locked: the master password opens the vault for this browser session. */
export function LockedScreen({ email, session, onChange }: { email: string; session: ExtensionSession; onChange: () => void }) {
  const [masterPassword, setMasterPassword] = useState('');
  const { busy, error, run } = useFormWork();
  return (
    <main className="popup">
      <Brand />
      <h1 className="popup__title">Keyloft is locked</h1>
      <p>
        Signed in as <strong>{email}</strong>.
      </p>
      <form
        onSubmit={run(async () => {
          await session.unlock(masterPassword);
          onChange();
        }, unlockMessage)}
        noValidate
      >
        <TextField label="Master password" type="password" value={masterPassword} onChange={(event) => { setMasterPassword(event.target.value); }} autoComplete="current-password" autoFocus error={error} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Unlocking…' : 'Unlock'}
        </Button>
      </form>
      <Button variant="ghost" onClick={() => void session.signOut().then(onChange)}>
        Sign out
      </Button>
    </main>
  );
}
