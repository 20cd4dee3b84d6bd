import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ShellBoundary } from './shell-boundary.tsx';

function Broken(): never {
  throw new Error('the header failed');
}

describe('ShellBoundary', () => {
  it('a crash in the header leaves the page: the header becomes a link home', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <ShellBoundary home="/app/">
          <Broken />
        </ShellBoundary>
        <main>
          <h1>The page</h1>
        </main>
      </div>,
    );
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/app/');
    log.mockRestore();
  });

  it('renders its part as it is when nothing fails', () => {
    render(
      <ShellBoundary home="/app/">
        <p>header</p>
      </ShellBoundary>,
    );
    expect(screen.getByText('header')).toBeTruthy();
  });
});
