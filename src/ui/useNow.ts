import { useEffect, useState } from 'react';

/** The time (epoch ms), read again every `everyMs` while the component is shown: for a countdown or a code that changes. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, everyMs);
    return () => {
      clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}
