import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { notify } from '../lib/toast.ts';

describe('toasts (docs/product.md, Constants)', () => {
  it('general toasts: top-right in English, role alert, light theme, closed by a click', async () => {
    const { user } = await renderApp('/', { lng: 'en' });
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      notify.success('Saved');
    });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Saved');
    const container = toast.closest('.Toastify__toast-container')!;
    expect(container).toHaveClass('Toastify__toast-container--top-right');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast-theme--light');
    // Close on click: the toast starts its exit (jsdom plays no animation, so it is not unmounted).
    await user.click(toast);
    await waitFor(() => expect(toast.closest('.Toastify__toast')!.className).toMatch(/exit/));
  });

  it('general toasts mirror to the top-left, right to left, in Persian', async () => {
    await renderApp('/', { lng: 'fa' });
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      notify.warning('مشکلی پیش آمد.');
    });
    const toast = await screen.findByRole('alert');
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-left');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--rtl');
  });

  it('modal-area toasts: bottom-centre, gone after 500 ms', async () => {
    await renderApp('/', { lng: 'en' });
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      notify.modal('success', 'Liked!');
    });
    const toast = await screen.findByText('Liked!');
    expect(toast.closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--bottom-center',
    );
    const progress = toast.closest('.Toastify__toast')!.querySelector('.Toastify__progress-bar');
    expect(progress?.getAttribute('style')).toContain('animation-duration: 500ms');
  });
});
