import { inject } from 'vitest';

let counter = 0;
/** A fresh mobile number for each call (09 + 9 digits), unique within the run. */
export function freshPhone(): string {
  counter += 1;
  return `09${String((Date.now() % 10_000_000) * 100 + (counter % 100))
    .padStart(9, '0')
    .slice(-9)}`;
}

export const apiOrigin = () => inject('apiOrigin');
