// What the Firebase AuthGateway modules share: error translation and the bot check's element.
import { FirebaseError } from 'firebase/app';
import { AuthServiceError, MfaRequiredError } from './authGateway';

/** Every SDK failure leaves here as an AuthServiceError carrying the service's code. */
export async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AuthServiceError || error instanceof MfaRequiredError) throw error;
    if (error instanceof FirebaseError) throw new AuthServiceError(error.code, error.message);
    throw error;
  }
}

// The invisible bot check for SMS needs an element; a fresh verifier is made for every code sent,
// since reusing one hangs (ENGINEERING.md §5).
export function recaptchaContainer(): HTMLElement {
  const id = 'keyloft-recaptcha';
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    element.hidden = true;
    document.body.appendChild(element);
  }
  return element;
}
