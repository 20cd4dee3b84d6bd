import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, inject, vi } from 'vitest';
import { apiConfig } from '../src/lib/api-client.ts';

apiConfig.origin = inject('apiOrigin');

// The tests talk to a real server: give findBy/waitFor room on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// A test that logs console.error fails (React warnings, act() problems, jsdom errors).
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  if (errors.length > 0) {
    throw new Error(
      `console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});

// jsdom has no matchMedia (the carousel's reduced-motion check and media-query hooks use it): answer width queries
// against the window's width, as a browser would; other features never match.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => {
    const width = window.innerWidth;
    const min = /\(min-width:\s*(\d+(?:\.\d+)?)px\)/.exec(query);
    const max = /\(max-width:\s*(\d+(?:\.\d+)?)px\)/.exec(query);
    const known = min !== null || max !== null;
    const matches = known && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  };
}
