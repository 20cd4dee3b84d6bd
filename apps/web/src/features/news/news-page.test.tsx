import type { Post } from '@storefront/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiOrigin } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { NEWS_PREVIEW, firstSentence, postPreview } from './news-text.ts';

async function posts(lang: 'fa' | 'en'): Promise<Post[]> {
  const response = await fetch(`${apiOrigin()}/${lang}/api/store/posts/`);
  return (await response.json()) as Post[];
}

describe('firstSentence (news card preview)', () => {
  it('keeps the first sentence only, whichever mark ends it', () => {
    expect(firstSentence('First one. Second one.')).toBe('First one.');
    expect(firstSentence('آیا آماده‌اید؟ جمله دوم.')).toBe('آیا آماده‌اید؟');
    expect(firstSentence('Wow! More')).toBe('Wow!');
    expect(firstSentence('He said “stop.” Then left.')).toBe('He said “stop.”');
    expect(firstSentence('Line one\nline two.')).toBe('Line one');
    expect(firstSentence('  no mark   at all  ')).toBe('no mark at all');
  });

  it('does not end a sentence inside numbers or addresses', () => {
    expect(firstSentence('Prices rose 2.5 percent at www.example.com today. Next.')).toBe(
      'Prices rose 2.5 percent at www.example.com today.',
    );
  });

  it('cuts a sentence longer than 500 characters to at most 500, with an ellipsis', () => {
    const long = `${'word '.repeat(200)}end. Second.`;
    const cut = firstSentence(long);
    expect(cut.length).toBeLessThanOrEqual(NEWS_PREVIEW);
    expect(cut.endsWith('…')).toBe(true);
    const noSpaces = 'x'.repeat(900);
    expect(firstSentence(noSpaces)).toHaveLength(NEWS_PREVIEW);
    expect(firstSentence('y'.repeat(500))).toBe('y'.repeat(500));
  });

  it('falls back to the HTML body when the plain content is empty', () => {
    expect(postPreview({ content: ' ', specific_content: '<p>From <b>HTML</b>. Rest.</p>' })).toBe(
      'From HTML.',
    );
  });
});

describe('news list page', () => {
  it('fa: Persian count, cards with the first-sentence preview (≤ 500), Jalali dates and newest first', async () => {
    const data = await posts('fa');
    await renderApp('/news', { lng: 'fa' });
    const count = await screen.findByTestId('news-count');
    expect(count.textContent).toMatch(/^[۰-۹]+ خبر$/);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(data.length);
    const newest = [...data].sort((a, b) => Date.parse(b.creation_date) - Date.parse(a.creation_date));
    cards.forEach((card, index) => {
      const post = newest[index]!;
      expect(within(card).getByRole('heading').textContent).toBe(post.title);
      const preview = within(card).getByTestId('news-preview').textContent!;
      expect(preview.length).toBeLessThanOrEqual(NEWS_PREVIEW);
      expect(preview).toBe(firstSentence(post.content));
      expect(post.content.startsWith(preview.replace(/…$/, ''))).toBe(true);
      expect(within(card).getByRole('time').textContent).toMatch(/[۰-۹]{4}/);
      const img = within(card).getByRole('img');
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('width');
      expect(img.getAttribute('alt')).toContain(post.title);
    });
    // The title is set by an effect after the page's data (and the store's name) are in.
    await waitFor(() => expect(document.title).toMatch(/^اخبار \| /));
  });

  it('en: the sort toggle reverses the order; share names the post', async () => {
    const { user } = await renderApp('/news', { lng: 'en' });
    await screen.findByTestId('news-count');
    const titles = () =>
      screen.getAllByRole('article').map((c) => within(c).getByRole('heading').textContent);
    const before = titles();
    await user.click(screen.getByRole('button', { name: /Date order: Newest first/ }));
    await screen.findByRole('button', { name: /Date order: Oldest first/ });
    await waitFor(() => expect(titles()).toEqual([...before].reverse()));
    expect(screen.getByRole('button', { name: `Share link: ${before[0]}` })).toBeInTheDocument();
  });

  it('share copies the absolute link and toasts; a refused clipboard says so with the link', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    const { user } = await renderApp('/news', { lng: 'en' });
    // After renderApp: user-event's setup installs its own clipboard stub.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await screen.findByTestId('news-count');
    const card = screen.getAllByRole('article')[0]!;
    const id = card.getAttribute('data-post-id');
    await user.click(within(card).getByRole('button', { name: /^Share link: / }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/app/news/${id}`);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    within(card)
      .getByRole('button', { name: /^Share link: / })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/The link could not be copied/)).toHaveTextContent(`/app/news/${id}`);
  });
});
