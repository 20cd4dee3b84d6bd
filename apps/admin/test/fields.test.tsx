import type { TranslatedText } from '@storefront/contracts/catalogue';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PriceRangeField, TranslatedField, type PriceRange } from '../src/components/fields.tsx';
import { FieldErrorsContext } from '../src/components/ui.tsx';
import { renderWithProviders } from './render.tsx';

function Translated({
  initial,
  onChange,
}: {
  initial: TranslatedText;
  onChange?: (v: TranslatedText) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TranslatedField
      label="Title"
      value={value}
      path="title"
      required
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

describe('TranslatedField', () => {
  it('shows Persian (rtl) and English (ltr) side by side and marks a missing English text', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Translated initial={{ fa: 'عنوان' }} onChange={onChange} />);
    const fa = screen.getByLabelText(/Title \(Persian\)/);
    const en = screen.getByLabelText('Title (English)');
    expect(fa).toHaveAttribute('dir', 'rtl');
    expect(fa).toBeRequired();
    expect(en).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('Not translated')).toBeVisible();

    await userEvent.type(en, 'Title');
    expect(screen.queryByText('Not translated')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith({ fa: 'عنوان', en: 'Title' });

    // Emptied again: the en key is dropped and the mark comes back.
    await userEvent.clear(en);
    expect(onChange).toHaveBeenLastCalledWith({ fa: 'عنوان' });
    expect(screen.getByText('Not translated')).toBeVisible();
  });

  it('has no mark when the English text is there', () => {
    renderWithProviders(<Translated initial={{ fa: 'عنوان', en: 'Title' }} />);
    expect(screen.queryByText('Not translated')).toBeNull();
  });

  it('shows a server field error at the field, translated by code', () => {
    renderWithProviders(
      <FieldErrorsContext.Provider value={{ 'title.fa': ['required'] }}>
        <Translated initial={{ fa: '' }} />
      </FieldErrorsContext.Provider>,
      'fa',
    );
    const fa = screen.getByLabelText(/Title \(فارسی\)/);
    expect(fa).toHaveAttribute('aria-invalid', 'true');
    expect(fa).toHaveAccessibleDescription('پر کردن این فیلد الزامی است.');
    expect(screen.getByText('ترجمه نشده')).toBeVisible();
  });
});

function Price({ initial, onChange }: { initial: PriceRange; onChange: (v: PriceRange) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PriceRangeField
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('PriceRangeField', () => {
  it('"price on request" gives price_range: null, and unticking it brings the range back', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <Price initial={{ start_price: 100, end_price: 200, currency_type: 'IRR' }} onChange={onChange} />,
    );
    expect(screen.getByLabelText('Lowest price')).toHaveValue(100);
    const box = screen.getByLabelText('Price on request');
    expect(box).not.toBeChecked();

    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(box).toBeChecked();
    expect(screen.queryByLabelText('Lowest price')).toBeNull();

    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith({ start_price: 100, end_price: 200, currency_type: 'IRR' });
  });

  it('edits the range', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Price initial={null} onChange={onChange} />, 'fa');
    await userEvent.click(screen.getByLabelText('قیمت با استعلام'));
    const end = screen.getByLabelText('بیشترین قیمت');
    await userEvent.clear(end);
    await userEvent.type(end, '50');
    expect(onChange).toHaveBeenLastCalledWith({ start_price: 0, end_price: 50, currency_type: 'IRR' });
  });
});
