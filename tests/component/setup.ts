import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens here run real WebCrypto (RSA unwraps, PBKDF2 in a few): on a loaded 2-core machine the
// first render after a click can take longer than Testing Library's 1 s default to appear.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
