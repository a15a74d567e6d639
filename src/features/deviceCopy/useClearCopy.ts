import { useCallback, useRef, useState } from 'react';
import { clearFailureText, DEVICE_COPY_TEXTS, type DeviceCopyControls } from './model';

export type ClearState = { readonly kind: 'idle' } | { readonly kind: 'clearing' } | { readonly kind: 'cleared' } | { readonly kind: 'failed'; readonly message: string };

/**
 * Clearing the device copy, once at a time: `run(then)` calls `then` only after the copy is gone,
 * so nothing that follows a clear (a changed setting, a reload) happens when it failed.
 */
export function useClearCopy(service: Pick<DeviceCopyControls, 'clear'>): { readonly state: ClearState; readonly run: (then: () => void) => void } {
  const [state, setState] = useState<ClearState>({ kind: 'idle' });
  const running = useRef(false);
  const run = useCallback(
    (then: () => void) => {
      if (running.current) return;
      running.current = true;
      setState({ kind: 'clearing' });
      service.clear().then(
        () => {
          setState({ kind: 'cleared' });
          then();
        },
        (error: unknown) => {
          running.current = false;
          const message = clearFailureText(error);
          // Another tab holding the copy is expected; anything else is worth a look.
          if (message !== DEVICE_COPY_TEXTS.otherTabs) console.error('The device copy could not be cleared', error);
          setState({ kind: 'failed', message });
        },
      );
    },
    [service],
  );
  return { state, run };
}
