import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html.tsx';

/** HTML that DOMPurify changes: the handler goes, the text stays. */
const STORED = '<p>Saffron <img src="x.png" onerror="window.hacked = true"></p>';

describe('SafeHtml', () => {
  it('in a page the browser renders itself, shows the HTML only once sanitised', async () => {
    const { container } = render(<SafeHtml html={STORED} />);
    expect(container.innerHTML).not.toContain('onerror');
    expect(await screen.findByText('Saffron')).toBeInTheDocument();
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.querySelector('img')).toHaveAttribute('src', 'x.png');
  });

  it("hydrates the server's markup unchanged, then sanitises it", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SafeHtml html={STORED} />);
    document.body.append(container);
    // The server wrote the stored HTML as it is (there is no DOMPurify without a DOM).
    expect(container.innerHTML).toContain('onerror');
    const recoverable: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <SafeHtml html={STORED} />, {
        onRecoverableError: (error) => recoverable.push(error),
      }),
    );
    await waitFor(() => expect(container.innerHTML).not.toContain('onerror'));
    expect(container).toHaveTextContent('Saffron');
    expect(recoverable).toEqual([]);
    act(() => root.unmount());
    container.remove();
  });
});

describe('the first load', () => {
  it('does not carry DOMPurify: it is imported when content HTML is first shown', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, 'safe-html.tsx'), 'utf8');
    // Only its type is imported statically; the code comes through import('dompurify').
    expect(source).not.toMatch(/^import (?!type )[^;]*'dompurify'/m);
    expect(source).toContain("import('dompurify')");
  });
});
