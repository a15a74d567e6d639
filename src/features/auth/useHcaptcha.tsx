import HCaptcha from '@hcaptcha/react-hcaptcha';
import { useCallback, useRef, type ReactNode } from 'react';
import { FlowError } from './flows/errors';
import { AUTH_MESSAGES } from './messages';

// The invisible bot check before sign-up (SPEC.md §2 "Auth modal"). Without a site key (local
// mode, where hCaptcha's script cannot load) it is skipped and the console says so once.

let reportedOff = false;

export interface BotCheck {
  /** The invisible widget to render inside the form; null when the check is off. */
  readonly widget: ReactNode;
  /** Resolves with the token, or null when the check is off; throws FlowError when it fails. */
  run(): Promise<string | null>;
}

export function useHcaptcha(siteKey: string | null): BotCheck {
  const captcha = useRef<HCaptcha>(null);
  // Set when hCaptcha reports an error; a pending run rejects with it rather than wait forever
  // (execute() waits for the script, which never arrives if it failed to load).
  const lastError = useRef<string | null>(null);
  const onFailure = useRef<((code: string) => void) | null>(null);

  const run = useCallback(async (): Promise<string | null> => {
    if (siteKey === null) {
      if (!reportedOff) {
        reportedOff = true;
        console.info('Bot check is off: no hCaptcha site key is configured (VITE_HCAPTCHA_SITE_KEY).');
      }
      return null;
    }
    const widget = captcha.current;
    if (widget === null || lastError.current === 'script-error') throw botCheckFailed(lastError.current ?? 'not-mounted');
    const failed = new Promise<never>((_resolve, reject) => {
      onFailure.current = (code) => {
        reject(botCheckFailed(code));
      };
    });
    try {
      const { response } = await Promise.race([widget.execute({ async: true }), failed]);
      return response;
    } catch (error) {
      throw error instanceof FlowError ? error : botCheckFailed(error);
    } finally {
      onFailure.current = null;
      // A token is good for one verification; the next attempt starts from a fresh challenge.
      widget.resetCaptcha();
    }
  }, [siteKey]);

  const widget =
    siteKey === null ? null : (
      <HCaptcha
        ref={captcha}
        sitekey={siteKey}
        size="invisible"
        onError={(code) => {
          lastError.current = code;
          onFailure.current?.(code);
        }}
        onLoad={() => {
          lastError.current = null;
        }}
      />
    );

  return { widget, run };
}

function botCheckFailed(cause: unknown): FlowError {
  console.warn('hCaptcha failed', cause);
  return new FlowError(AUTH_MESSAGES.botCheckFailed, { cause });
}
