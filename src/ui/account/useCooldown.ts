import { useCallback, useEffect, useState } from 'react';

export interface Cooldown {
  /** Whole seconds until the wait is over (rounded up); 0 when nothing is waited for. */
  secondsLeft: number;
  /** Starts the wait again from now. */
  start: () => void;
}

const TICK_MS = 1000;

/**
 * A wait of `durationMs` after an action, counted down once a second. It reads the clock on each
 * tick instead of counting ticks, since browsers slow the timers of background tabs.
 */
export function useCooldown(durationMs: number): Cooldown {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) setUntil(null);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback(() => {
    const time = Date.now();
    setNow(time);
    setUntil(time + durationMs);
  }, [durationMs]);

  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - now) / TICK_MS));
  return { secondsLeft, start };
}
