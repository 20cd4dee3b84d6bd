import type { EntityOf } from '@storefront/contracts/admin';
import type { TranslatedText } from '@storefront/contracts/catalogue';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Checkbox, FieldErrorText, SelectField, TextField, useFieldErrors } from './ui.tsx';

/** A field's value and its change: what every field component of a form takes. */
export interface FieldProps<T> {
  value: T;
  onChange: (value: T) => void;
}

/** A translated text with its en key left out when empty (the server wants no empty translations). */
export function setLanguageText(value: TranslatedText | undefined, language: 'fa' | 'en', text: string) {
  const next: TranslatedText = { ...(value ?? { fa: '' }) };
  if (language === 'fa') next.fa = text;
  else if (text === '') delete next.en;
  else next.en = text;
  return next;
}

/** The two languages of a translated text, in the order their fields stand. */
export const LANGUAGES = [
  { language: 'fa', dir: 'rtl' },
  { language: 'en', dir: 'ltr' },
] as const;

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
        {LANGUAGES.map(({ language, dir }) => (
          <TextField
            key={language}
            label={t(`translated.${language}`, { label })}
            value={value?.[language] ?? ''}
            onChange={(text) => onChange(setLanguageText(value, language, text))}
            path={`${path}.${language}`}
            dir={dir}
            lang={language}
            multiline={multiline}
            // Persian is the one required and the one checked here; English is marked while empty.
            {...(language === 'fa'
              ? { required, errors: faErrors }
              : { badge: isMissingEn(value) ? <NotTranslatedBadge /> : null })}
          />
        ))}
      </div>
      <FieldErrorText id={`${id}-error`} codes={own} />
    </fieldset>
  );
}

export type PriceRange = EntityOf<'products'>['price_range'];
type Price = NonNullable<PriceRange>;

export const CURRENCIES = ['IRR', 'IRT', 'USD', 'EUR', 'AED'];

const PRICES = [
  { key: 'start_price', label: 'product.startPrice' },
  { key: 'end_price', label: 'product.endPrice' },
] as const;

function toNumber(text: string): number {
  const latin = text
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const n = Number(latin.replace(/[,،٬\s]/g, ''));
  return Number.isFinite(n) ? n : 0;
}

/** A product's price range, or null: "price on request" (a checkbox). */
export function PriceRangeField({ value, onChange }: FieldProps<PriceRange>) {
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
          {PRICES.map(({ key, label }) => (
            <TextField
              key={key}
              label={t(label)}
              type="number"
              min={0}
              inputMode="decimal"
              dir="ltr"
              value={String(value[key])}
              onChange={(v) => update({ [key]: toNumber(v) })}
              path={`price_range.${key}`}
            />
          ))}
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

/**
 * A whole number of zero or more (an inventory, a position): anything else typed counts as 0. An
 * `optional` one is left out (undefined) while its field is empty.
 */
export function WholeNumberField({
  label,
  path,
  hint,
  className,
  ...number
}: { label: string; path: string; hint?: string; className?: string } & (
  ({ optional?: false } & FieldProps<number>) | ({ optional: true } & FieldProps<number | undefined>)
)) {
  return (
    <TextField
      label={label}
      type="number"
      min={0}
      step="1"
      dir="ltr"
      value={number.value === undefined ? '' : String(number.value)}
      onChange={(v) => {
        const n = Math.max(0, Math.trunc(Number(v) || 0));
        if (number.optional) number.onChange(v.trim() === '' ? undefined : n);
        else number.onChange(n);
      }}
      path={path}
      hint={hint}
      className={className}
    />
  );
}

/**
 * A value written in Latin script whatever the page's language (a URL, an email address, a phone
 * number): left to right, empty while unset; a URL's field hints its `https://`.
 */
export function LatinField({
  type,
  value,
  ...field
}: {
  type: 'url' | 'email' | 'tel';
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  path: string;
}) {
  return (
    <TextField
      {...field}
      type={type}
      dir="ltr"
      value={value ?? ''}
      placeholder={type === 'url' ? 'https://' : undefined}
    />
  );
}
