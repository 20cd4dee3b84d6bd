import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';

describe('footer', () => {
  it('shows contact details, external social links and the footer categories', async () => {
    await renderApp('/', { lng: 'en' });
    await screen.findByRole('heading', { level: 1 });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    for (const name of [/LinkedIn/, /YouTube/]) {
      const link = within(footer).getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(/opens in a new tab/);
    }
    const category = await within(footer).findByRole('link', { name: 'Agricultural Exports' });
    expect(category).toHaveAttribute('href', '/app/collections/search/Agricultural%20Exports');
  });

  it('newsletter: success shows sentSuccessfully as a 20px footer toast', async () => {
    const { user } = await renderApp('/', { lng: 'fa' });
    await screen.findByRole('heading', { level: 1 });
    const email = screen.getByLabelText('ایمیل شما');
    await user.type(email, `club-${Date.now()}@example.com`);
    await user.click(screen.getByRole('button', { name: 'ارسال' }));
    const toast = await screen.findByText('با موفقیت ارسال شد.');
    expect(toast.closest('.Toastify__toast')).toHaveClass('toast-footer', 'Toastify__toast--success');
    expect(email).toHaveValue('');
  });

  it('newsletter: failure shows the "There is a problem" warning and the reason under the field', async () => {
    const { user } = await renderApp('/', { lng: 'en' });
    await screen.findByRole('heading', { level: 1 });
    const email = screen.getByLabelText('Your email');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const toast = await screen.findByText('There is a problem');
    expect(toast.closest('.Toastify__toast')).toHaveClass('toast-footer', 'Toastify__toast--warning');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
  });
});
