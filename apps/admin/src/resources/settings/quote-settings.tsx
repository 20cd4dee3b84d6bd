import {
  asciiDigits,
  BASIS_POINTS,
  currencyDisplays,
  QUOTE_TERMS_MAX,
  QUOTE_VALIDITY_MAX,
  quoteValidityUnits,
  type CurrencyDisplay,
  type QuoteSettings,
  type QuoteSettingsBody,
} from '@storefront/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form, SubmitButton } from '../../components/form.tsx';
import { ImageField } from '../../components/image-field.tsx';
import { ErrorAlert, Loading, PageTitle, Section, SelectField, TextField } from '../../components/ui.tsx';
import { useQuoteSettings, useSaveQuoteSettings } from './quote-settings-api.ts';

type ValidityUnit = (typeof quoteValidityUnits)[number];

/** The form as typed: numbers stay text until saved, so Persian digits and a half-typed value survive. */
interface Draft {
  seller: QuoteSettings['seller'];
  /** VAT in percent as typed («۱۰», "9.5"). */
  vat: string;
  currency: CurrencyDisplay;
  validityValue: string;
  validityUnit: ValidityUnit;
  payment_terms: string;
  delivery_terms: string;
}

function draftOf(settings: QuoteSettings): Draft {
  return {
    seller: settings.seller,
    vat: String(settings.vat_rate / 100),
    currency: settings.currency,
    validityValue: String(settings.validity.value),
    validityUnit: settings.validity.unit,
    payment_terms: settings.payment_terms,
    delivery_terms: settings.delivery_terms,
  };
}

/**
 * A percentage as typed (Persian or Latin digits, «٫» or "." as the decimal sign, up to two decimals,
 * a trailing % allowed) → basis points (10 % → 1000); null when it is not such a number.
 */
function percentToBasisPoints(typed: string): number | null {
  const text = asciiDigits(typed)
    .trim()
    .replace(/[%٪]$/, '')
    .trim()
    .replace(/[٫/,،]/, '.');
  const match = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A whole number as typed (Persian or Latin digits); null otherwise. */
function wholeNumber(typed: string): number | null {
  const text = asciiDigits(typed).trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** The codes of what the form can tell before sending (the server checks everything again). */
function localErrors(draft: Draft): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const vat = percentToBasisPoints(draft.vat);
  if (draft.vat.trim() === '') errors.vat_rate = ['required'];
  else if (vat === null) errors.vat_rate = ['invalid'];
  else if (vat > BASIS_POINTS) errors.vat_rate = ['out_of_range'];
  const validity = wholeNumber(draft.validityValue);
  if (draft.validityValue.trim() === '') errors['validity.value'] = ['required'];
  else if (validity === null) errors['validity.value'] = ['integer_invalid'];
  else if (validity < 1 || validity > QUOTE_VALIDITY_MAX[draft.validityUnit])
    errors['validity.value'] = ['out_of_range'];
  return errors;
}

/** The body to send: digits made Latin (the codes and numbers), numbers as numbers. */
function bodyOf(draft: Draft): QuoteSettingsBody {
  const digits = (value: string) => asciiDigits(value).trim();
  return {
    seller: {
      ...draft.seller,
      economic_code: digits(draft.seller.economic_code),
      national_id: digits(draft.seller.national_id),
      registration_number: digits(draft.seller.registration_number),
      postal_code: digits(draft.seller.postal_code),
      phone: digits(draft.seller.phone),
    },
    vat_rate: percentToBasisPoints(draft.vat) ?? 0,
    currency: draft.currency,
    validity: { value: wholeNumber(draft.validityValue) ?? 0, unit: draft.validityUnit },
    payment_terms: draft.payment_terms,
    delivery_terms: draft.delivery_terms,
  };
}

function QuoteSettingsForm({ settings }: { settings: QuoteSettings }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  // Local errors show once a save was tried, or as soon as a number typed is not one.
  const [tried, setTried] = useState(false);
  const save = useSaveQuoteSettings();
  const local = localErrors(draft);
  const shown = (path: string, typed: string) => (tried || typed.trim() !== '' ? (local[path] ?? []) : []);

  const update = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (save.isSuccess) save.reset();
  };
  const seller = (patch: Partial<Draft['seller']>) => update({ seller: { ...draft.seller, ...patch } });

  const bilingual = (key: 'registered_name' | 'address', multiline = false) => (
    <div className="grid gap-3 md:grid-cols-2">
      {(['fa', 'en'] as const).map((lang) => (
        <TextField
          key={lang}
          label={t(`quoteSettings.${key}.${lang}`)}
          lang={lang}
          dir={lang === 'fa' ? 'rtl' : 'ltr'}
          multiline={multiline}
          rows={2}
          value={draft.seller[key][lang]}
          onChange={(value) => seller({ [key]: { ...draft.seller[key], [lang]: value } })}
          path={`seller.${key}.${lang}`}
        />
      ))}
    </div>
  );
  const code = (key: 'economic_code' | 'national_id' | 'registration_number' | 'postal_code' | 'phone') => (
    <TextField
      label={t(`quoteSettings.${key}`)}
      hint={key === 'phone' || key === 'registration_number' ? undefined : t(`quoteSettings.${key}Hint`)}
      dir="ltr"
      inputMode={key === 'phone' ? 'tel' : 'numeric'}
      value={draft.seller[key]}
      onChange={(value) => seller({ [key]: value })}
      path={`seller.${key}`}
    />
  );

  return (
    <Form
      save={save}
      saved={t('form.saved')}
      fieldsOnly
      onSubmit={() => {
        setTried(true);
        if (Object.keys(local).length > 0) return;
        save.mutate(bodyOf(draft), { onSuccess: (answer) => setDraft(draftOf(answer)) });
      }}
    >
      <Section title={t('quoteSettings.seller')}>
        <p className="mb-3 text-sm text-slate-800">{t('quoteSettings.sellerHelp')}</p>
        <div className="space-y-3">
          {bilingual('registered_name')}
          <div className="grid gap-3 md:grid-cols-2">
            {code('economic_code')}
            {code('national_id')}
            {code('registration_number')}
            {code('postal_code')}
          </div>
          {bilingual('address', true)}
          {code('phone')}
          <div className="grid gap-3 md:grid-cols-2">
            <ImageField
              label={t('quoteSettings.logo')}
              value={draft.seller.logo ?? undefined}
              onChange={(ref) => seller({ logo: ref ?? null })}
              path="seller.logo"
            />
            <ImageField
              label={t('quoteSettings.stamp')}
              value={draft.seller.stamp ?? undefined}
              onChange={(ref) => seller({ stamp: ref ?? null })}
              path="seller.stamp"
            />
          </div>
        </div>
      </Section>
      <Section title={t('quoteSettings.prices')}>
        <div className="grid gap-3 md:grid-cols-2">
          <TextField
            label={t('quoteSettings.vat')}
            hint={t('quoteSettings.vatHint')}
            dir="ltr"
            inputMode="decimal"
            value={draft.vat}
            onChange={(vat) => update({ vat })}
            path="vat_rate"
            errors={shown('vat_rate', draft.vat)}
          />
          <SelectField
            label={t('quoteSettings.currency')}
            value={draft.currency}
            onChange={(e) => update({ currency: e.target.value as CurrencyDisplay })}
            path="currency"
          >
            {currencyDisplays.map((c) => (
              <option key={c} value={c}>
                {t(`quoteSettings.currencies.${c}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('quoteSettings.validity')}
            hint={t('quoteSettings.validityHint')}
            dir="ltr"
            inputMode="numeric"
            value={draft.validityValue}
            onChange={(validityValue) => update({ validityValue })}
            path="validity.value"
            errors={shown('validity.value', draft.validityValue)}
          />
          <SelectField
            label={t('quoteSettings.validityUnit')}
            value={draft.validityUnit}
            onChange={(e) => update({ validityUnit: e.target.value as ValidityUnit })}
            path="validity.unit"
          >
            {quoteValidityUnits.map((unit) => (
              <option key={unit} value={unit}>
                {t(`quoteSettings.units.${unit}`)}
              </option>
            ))}
          </SelectField>
        </div>
      </Section>
      <Section title={t('quoteSettings.terms')}>
        <div className="grid gap-3 md:grid-cols-2">
          {(['payment_terms', 'delivery_terms'] as const).map((key) => (
            <TextField
              key={key}
              label={t(`quoteSettings.${key}`)}
              multiline
              rows={4}
              dir="auto"
              value={draft[key]}
              onChange={(value) => update({ [key]: value })}
              path={key}
              errors={draft[key].length > QUOTE_TERMS_MAX ? ['too_long'] : []}
            />
          ))}
        </div>
      </Section>
      <SubmitButton>{t('form.save')}</SubmitButton>
    </Form>
  );
}

/** The owner's quote settings: the seller's identity, VAT, currency, validity and terms every quote starts from. */
export function QuoteSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuoteSettings();
  return (
    <div>
      <PageTitle
        actions={
          <Link to="/settings" className="text-sky-900 underline">
            {t('quoteSettings.back')}
          </Link>
        }
      >
        {t('quoteSettings.title')}
      </PageTitle>
      {settings.isPending ? <Loading /> : null}
      <ErrorAlert error={settings.error} />
      {settings.data ? <QuoteSettingsForm settings={settings.data} /> : null}
    </div>
  );
}
