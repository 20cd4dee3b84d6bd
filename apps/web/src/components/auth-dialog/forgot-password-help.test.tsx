import type { StoreIdentityView } from '@storefront/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoStorePhones } from '../../../test/fixtures.ts';
import { createI18n } from '../../app/i18n.ts';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { storeIdentityQueryOptions } from '../../lib/api/get-store-identity.ts';
import { LoginForm } from './login-form.tsx';

/** The login form in `lng` (the real translations and API server); `identity` stands in for the store's. */
async function openHelp(lng: 'fa' | 'en', identity?: StoreIdentityView) {
  window.localStorage.setItem('i18nextLng', lng);
  document.cookie = `i18next=${lng}; path=/`;
  const i18n = await createI18n();
  const queryClient = createQueryClient();
  if (identity) queryClient.setQueryData(storeIdentityQueryOptions(lng).queryKey, identity);
  const user = userEvent.setup();
  render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <LoginForm initialPhone="" onLoggedIn={() => undefined} />
    </AppProviders>,
  );
  await user.click(
    screen.getByRole('button', {
      name: lng === 'fa' ? 'رمز عبور را فراموش کرده‌اید؟' : 'Forgot your password?',
    }),
  );
  return user;
}

const identityWith = (phones: string[]): StoreIdentityView => ({
  name: 'Golestan Spices',
  description: '',
  logo: null,
  favicon: null,
  phones,
  email: '',
  address: '',
  map_url: '',
  hours: '',
  social: [],
  price_display: 'IRR',
});

describe('forgot-password help', () => {
  it('fa: names the store’s own phones (its identity) as tel: links in Persian digits', async () => {
    await openHelp('fa');
    const [phone] = demoStorePhones();
    const help = await screen.findByText(/برای بازیابی رمز عبور با فروشگاه تماس بگیرید:/);
    const link = await within(help).findByRole('link');
    expect(link).toHaveTextContent(phone!.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!));
    expect(link.getAttribute('href')).toBe(`tel:+98${phone!.replace(/\D/g, '').slice(1)}`);
  });

  it('en: every phone of the store, Latin digits', async () => {
    await openHelp('en', identityWith(['021-1234 5678', '0912 111 2233']));
    const help = screen.getByText(/To reset your password, call the store:/);
    const links = within(help).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['021-1234 5678', '0912 111 2233']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['tel:+982112345678', 'tel:+989121112233']);
  });

  it('a store without phones: contact the store, no number at all', async () => {
    await openHelp('fa', identityWith([]));
    const help = screen.getByText('برای بازیابی رمز عبور با فروشگاه تماس بگیرید.');
    expect(within(help).queryByRole('link')).toBeNull();
    expect(help.textContent).not.toMatch(/[0-9۰-۹]/);
  });
});
