import type { EntityOf } from '@storefront/contracts/admin';
import type { TranslatedText } from '@storefront/contracts/catalogue';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Checkbox, FieldErrorText, SelectField, TextField, useFieldErrors } from './ui.tsx';

/** A translated text with its en key left out when empty (the server wants no empty translations). */
export function setLanguageText(value: TranslatedText | undefined, language: 'fa' | 'en', text: string) {
  const next: TranslatedText = { ...(value ?? { fa: '' }) };
  if (language === 'fa') next.fa = text;
  else if (text === '') delete next.en;
  else next.en = text;
  return next;
}

export function isMissingEn(value: TranslatedText | undefined) {
  return !value?.en || value.en.trim() === '';
}

/** The "not translated" mark shown where the English text is empty. */
export function NotTranslatedBadge() {
  const { t } = useTranslation();
  return <Badge>{t('translated.missing')}</Badge>;
}

/**
 * A translated text: Persian (right to left, required) and English (left to right) side by side, with
 * a "not translated" mark while the English is empty.
 */
export function TranslatedField({
  label,
  value,
  onChange,
  path,
  required = false,
  multiline = false,
  faErrors,
}: {
  label: string;
  value: TranslatedText | undefined;
  onChange: (value: TranslatedText) => void;
  /** Error path of the field (e.g. `title`): `title.fa`, `title.en` and `title` are shown. */
  path: string;
  required?: boolean;
  multiline?: boolean;
  faErrors?: readonly string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const own = useFieldErrors(path);
  return (
    <fieldset className="mb-4" aria-describedby={own.length ? `${id}-error` : undefined}>
      <legend className="mb-1 font-bold">{label}</legend>
      <div className="grid gap-3 md:grid-cols-2">
        <TextField
          label={t('translated.fa', { label })}
          value={value?.fa ?? ''}
          onChange={(text) => onChange(setLanguageText(value, 'fa', text))}
          path={`${path}.fa`}
          dir="rtl"
          lang="fa"
          required={required}
          multiline={multiline}
          errors={faErrors}
        />
        <TextField
          label={t('translated.en', { label })}
          value={value?.en ?? ''}
          onChange={(text) => onChange(setLanguageText(value, 'en', text))}
          path={`${path}.en`}
          dir="ltr"
          lang="en"
          multiline={multiline}
          badge={isMissingEn(value) ? <NotTranslatedBadge /> : null}
        />
      </div>
      <FieldErrorText id={`${id}-error`} codes={own} />
    </fieldset>
  );
}

export type PriceRange = EntityOf<'products'>['price_range'];
type Price = NonNullable<PriceRange>;

export const CURRENCIES = ['IRR', 'IRT', 'USD', 'EUR', 'AED'];

function toNumber(text: string): number {
  const latin = text
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const n = Number(latin.replace(/[,،٬\s]/g, ''));
  return Number.isFinite(n) ? n : 0;
}

/** A product's price range, or null: "price on request" (a checkbox). */
export function PriceRangeField({
  value,
  onChange,
}: {
  value: PriceRange;
  onChange: (value: PriceRange) => void;
}) {
  const { t } = useTranslation();
  // The last range, restored when "price on request" is unticked again.
  const [last, setLast] = useState<Price>(value ?? { start_price: 0, end_price: 0, currency_type: 'IRR' });
  const update = (patch: Partial<Price>) => onChange({ ...last, ...value, ...patch });
  const groupErrors = useFieldErrors('price_range');
  const id = useId();
  return (
    <fieldset className="mb-4" aria-describedby={groupErrors.length ? `${id}-error` : undefined}>
      <legend className="mb-1 font-bold">{t('product.price')}</legend>
      <Checkbox
        label={t('product.priceOnRequest')}
        checked={value === null}
        onChange={(onRequest) => {
          if (onRequest && value) setLast(value);
          onChange(onRequest ? null : { ...(value ?? last) });
        }}
      />
      {value ? (
        <div className="mt-2 grid gap-3 md:grid-cols-3">
          <TextField
            label={t('product.startPrice')}
            type="number"
            min={0}
            inputMode="decimal"
            dir="ltr"
            value={String(value.start_price)}
            onChange={(v) => update({ start_price: toNumber(v) })}
            path="price_range.start_price"
          />
          <TextField
            label={t('product.endPrice')}
            type="number"
            min={0}
            inputMode="decimal"
            dir="ltr"
            value={String(value.end_price)}
            onChange={(v) => update({ end_price: toNumber(v) })}
            path="price_range.end_price"
          />
          <SelectField
            label={t('product.currency')}
            value={value.currency_type}
            onChange={(e) => update({ currency_type: e.target.value })}
            path="price_range.currency_type"
          >
            {[...new Set([...CURRENCIES, value.currency_type])].map((c) => (
              <option key={c} value={c}>
                {t(`currency.${c}`, { defaultValue: c })}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <FieldErrorText id={`${id}-error`} codes={groupErrors} />
    </fieldset>
  );
}
