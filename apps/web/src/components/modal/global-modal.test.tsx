import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';

describe('global modal', () => {
  it('product: preview cut at 160 characters, tags, see-more link; Escape closes and focus returns', async () => {
    const { user } = await renderApp('/products', { lng: 'en' });
    const main = await screen.findByRole('main');
    const [show] = await within(main).findAllByRole('button', { name: /^Show / });
    const title = show!.getAttribute('aria-label')!.replace(/^Show /, '');
    await user.click(show!);
    // The dialog's code loads on first use.
    const dialog = await screen.findByRole('dialog', { name: title });
    const seeMore = within(dialog).getByRole('link', { name: 'See more' });
    expect(seeMore.getAttribute('href')).toMatch(/^\/app\/product\/\d+$/);
    const description = dialog.querySelector(`[id="${dialog.getAttribute('aria-describedby')}"]`)!;
    const more = within(dialog).queryByRole('link', { name: 'click for more' });
    const text = description.textContent!.replace('click for more', '').trim();
    expect(text.length).toBeLessThanOrEqual(161);
    if (more) expect(text.endsWith('…')).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(show).toHaveFocus();
  });

  it('product: the close icon closes it', async () => {
    const { user } = await renderApp('/products', { lng: 'fa' });
    const [show] = await within(await screen.findByRole('main')).findAllByRole('button', { name: /^نمایش / });
    await user.click(show!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'بستن' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('showRules: no close icon, Escape does nothing, accepting closes it and ticks the terms', async () => {
    const { user } = await renderApp('/', { lng: 'en' });
    await screen.findByRole('heading', { level: 1 });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Register' }));
    const terms = await screen.findByRole('checkbox', { name: 'I accept the terms and conditions' });
    expect(terms).not.toBeChecked();
    const readRules = screen.getByRole('button', { name: 'Read the terms' });
    await user.click(readRules);
    const rules = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(within(rules).queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Terms and conditions' })).toBeInTheDocument();
    await user.click(within(rules).getByRole('button', { name: 'I accept all the terms' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms and conditions' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Read the terms' })).toHaveFocus();
  });
});
