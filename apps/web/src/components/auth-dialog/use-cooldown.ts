import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown of whole seconds, for "send again in 45 s": `start(seconds)` sets it going, `remaining`
 * is what is left (0 when it has run out). It counts against the clock, not ticks, so a throttled
 * timer in a background tab still ends on time.
 */
export function useCooldown(initialSeconds = 0) {
  const [deadline, setDeadline] = useState(() =>
    initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0,
  );
  const [remaining, setRemaining] = useState(Math.max(0, Math.ceil(initialSeconds)));

  useEffect(() => {
    if (deadline === 0) return;
    const id = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const whole = Math.max(0, Math.ceil(seconds));
    setRemaining(whole);
    setDeadline(whole > 0 ? Date.now() + whole * 1000 : 0);
  }, []);

  return { remaining, start };
}
