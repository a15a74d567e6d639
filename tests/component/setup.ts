import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { failOnUnexpectedConsoleErrors } from '../support/consoleErrors';

// Screens here run real WebCrypto (RSA unwraps, PBKDF2 in a few): on a loaded 2-core machine the
// first render after a click can take longer than Testing Library's 1 s default to appear.
configure({ asyncUtilTimeout: 5_000 });

// A console.error a test did not declare fails it (tests/support/consoleErrors.ts). Installed
// before the cleanup below so that its check runs after it (after-hooks run last-in first-out)
// and sees what unmounting logs.
failOnUnexpectedConsoleErrors();

afterEach(() => {
  cleanup();
});
