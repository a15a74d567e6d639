import { HttpsError } from 'firebase-functions/v2/https';

/** The HttpsError a synchronous parse or check throws, as code and message; 'accepted' when it throws none. */
export function refusalOf(run: () => unknown): { code: string; message: string } | 'accepted' {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpsError) return { code: error.code, message: error.message };
    throw error;
  }
  return 'accepted';
}

export const invalid = (message: string) => ({ code: 'invalid-argument', message });
