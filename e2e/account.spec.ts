import { expect, test } from '@playwright/test';
import { freshPhone, open } from './support/app.ts';

test.describe('login / register dialog', () => {
  test('register → login → logout, with field errors and the wrong-password toast', async ({ page }) => {
    // Five calls that hash a password, a reload and a logout: more than 30 s on a busy machine.
    test.setTimeout(60_000);
    const phone = freshPhone();
    const password = 'Saffron-Tea-2026';
    await open(page, '/news', 'fa');
    const header = page.getByRole('banner');

    await header.getByRole('button', { name: 'ثبت‌نام' }).click();
    const dialog = page.getByRole('dialog', { name: 'حساب کاربری' });
    await expect(dialog.getByRole('tab', { name: 'ثبت‌نام' })).toHaveAttribute('aria-selected', 'true');
    const register = dialog.getByRole('tabpanel');
    await register.getByLabel('شماره همراه').fill(phone);
    await register.getByLabel('ایمیل').fill(`${phone}@example.com`);
    // A weak password: the server's reasons appear under the field, translated.
    await register.getByLabel('رمز عبور', { exact: true }).fill('1234');
    await register.getByLabel('تکرار رمز عبور').fill('1234');
    await register.getByRole('button', { name: 'ثبت‌نام' }).click();
    await expect(register.getByText(/^رمز عبور خیلی کوتاه است/)).toBeVisible();
    await expect(register.getByLabel('رمز عبور', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await register.getByLabel('رمز عبور', { exact: true }).fill(password);
    await register.getByLabel('تکرار رمز عبور').fill(password);
    await register.getByRole('button', { name: 'ثبت‌نام' }).click();
    // Success switches to the login tab, with the phone filled in.
    await expect(dialog.getByRole('tab', { name: 'ورود' })).toHaveAttribute('aria-selected', 'true');
    const login = dialog.getByRole('tabpanel');
    await expect(login.getByLabel('شماره همراه')).toHaveValue(phone);

    // The same phone again: the duplicate is explained under the phone field.
    await dialog.getByRole('tab', { name: 'ثبت‌نام' }).click();
    await register.getByLabel('شماره همراه').fill(phone);
    await register.getByLabel('رمز عبور', { exact: true }).fill(password);
    await register.getByRole('button', { name: 'ثبت‌نام' }).click();
    await expect(register.getByText('کاربری با این شماره همراه قبلاً ثبت‌نام کرده است.')).toBeVisible();

    // A wrong password: the NoActiveAccountFound toast.
    await dialog.getByRole('tab', { name: 'ورود' }).click();
    await login.getByLabel('شماره همراه').fill(phone);
    await login.getByLabel('رمز عبور').fill('not-the-password');
    await login.getByRole('button', { name: 'ورود' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'حسابی با این شماره و رمز عبور پیدا نشد.' }),
    ).toBeVisible();
    await expect(dialog).toBeVisible();

    // The right one: LoginSuccess, then after a second the dialog closes and the page reloads.
    await login.getByLabel('رمز عبور').fill(password);
    // The toast shows for the second before the reload, which a busy machine's polling can miss: the
    // page notes it in session storage as it appears, and the note survives the reload.
    await page.evaluate(() => {
      new MutationObserver(() => {
        const seen = [...document.querySelectorAll('[role="alert"]')].some((el) =>
          el.textContent?.includes('با موفقیت وارد شدید.'),
        );
        if (seen) sessionStorage.setItem('login-toast-seen', '1');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    const clicked = Date.now();
    await login.getByRole('button', { name: 'ورود' }).click();
    await reloaded;
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1000);
    expect(await page.evaluate(() => sessionStorage.getItem('login-toast-seen'))).toBe('1');
    await expect(page).toHaveURL(/\/app\/news/);
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^Bearer \S+$/);

    // Logout: token cleared, home, signed-out header.
    await header.getByRole('button', { name: 'خروج' }).click();
    await expect(page).toHaveURL(/\/app\/?$/);
    await expect(header.getByRole('button', { name: 'ورود' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'خروج' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the dialog traps focus, closes on Escape and returns focus to its opener', async ({ page }) => {
    await open(page, '/', 'en');
    const opener = page.getByRole('banner').getByRole('button', { name: 'Log in' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Your account' });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('newsletter', () => {
  test('success shows sentSuccessfully in 20px, failure the warning and the reason', async ({ page }) => {
    await open(page, '/', 'en');
    const email = page.getByLabel('Your email');
    await email.fill(`news-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const success = page.getByRole('alert').filter({ hasText: 'Sent successfully.' });
    await expect(success).toBeVisible();
    await expect(page.locator('.Toastify__toast.toast-footer').first()).toHaveCSS('font-size', '20px');
    await expect(email).toHaveValue('');

    await email.fill('nobody@nowhere');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    await expect(page.locator('.Toastify__toast--warning')).toBeVisible();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
  });
});
