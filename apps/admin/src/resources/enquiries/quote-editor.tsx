import {
  amountInWords,
  buyerKinds,
  currencyDisplays,
  quoteUnitName,
  quoteUnits,
  quoteValidityUnits,
  QUOTE_CHARGES_MAX,
  QUOTE_LINES_MAX,
  type QuoteTotals,
} from '@storefront/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from '../../components/form.tsx';
import { Button, ConfirmDialog, SelectField } from '../../components/ui.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import type { Language } from '../../lib/i18n.ts';
import { useDiscardQuote, useSaveQuote, useSendQuote } from './quote-api.ts';
import { LineTitleField, QuoteField } from './quote-fields.tsx';
import {
  checkForm,
  groupedMoney,
  moneyFigure,
  moneyText,
  newKey,
  newLine,
  withCurrency,
  type ClientErrors,
  type DiscountForm,
  type LineForm,
  type QuoteForm,
} from './quote-model.ts';

type Update = (change: (form: QuoteForm) => QuoteForm) => void;

/**
 * A send refused as quote_no_draft after the save succeeded: the draft says what the newest version,
 * still open, says (the server sends no copy of it).
 */
const unchanged = (error: unknown) => error instanceof ApiError && error.code === 'quote_no_draft';

/** A discount: none, a percent or an amount in the quote's currency (a line's or the whole quote's). */
function DiscountFields({
  label,
  value,
  onChange,
  path,
  errorsAt,
  currencyName,
  language,
}: {
  label: string;
  value: DiscountForm;
  onChange: (value: DiscountForm) => void;
  path: string;
  errorsAt: (path: string) => string[];
  currencyName: string;
  language: Language;
}) {
  const { t } = useTranslation();
  const valuePath = `${path}.${value.kind === 'percent' ? 'basis_points' : 'rials'}`;
  return (
    <div className="flex items-end gap-2">
      <SelectField
        label={label}
        path={path}
        value={value.kind}
        className="w-32 shrink-0"
        onChange={(e) => onChange({ kind: e.target.value as DiscountForm['kind'], value: '' })}
      >
        <option value="none">{t('quote.discountNone')}</option>
        <option value="percent">{t('quote.discountPercent')}</option>
        <option value="amount">{t('quote.discountAmount')}</option>
      </SelectField>
      {value.kind === 'none' ? null : (
        <QuoteField
          className="min-w-0 flex-1"
          label={value.kind === 'percent' ? t('quote.discountPercentValue') : t('quote.discountAmountValue')}
          value={value.value}
          onChange={(text) => onChange({ ...value, value: text })}
          path={valuePath}
          errors={errorsAt(valuePath)}
          inputMode="decimal"
          regroup={value.kind === 'amount' ? (text) => groupedMoney(text, language) : undefined}
          suffix={value.kind === 'percent' ? (language === 'fa' ? '٪' : '%') : currencyName}
        />
      )}
    </div>
  );
}

function LineFields({
  line,
  index,
  count,
  update,
  errorsAt,
  amount,
  form,
  quoteLanguage,
}: {
  line: LineForm;
  index: number;
  count: number;
  update: Update;
  errorsAt: (path: string) => string[];
  amount: string;
  form: QuoteForm;
  quoteLanguage: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const path = `lines.${index}`;
  const currencyName = t(`quote.currency.${form.currency}`);
  const set = (change: Partial<LineForm>) =>
    update((old) => ({
      ...old,
      lines: old.lines.map((l) => (l.key === line.key ? { ...l, ...change } : l)),
    }));
  return (
    <fieldset className="rounded border border-slate-300 p-3">
      <legend className="px-1 font-medium">{t('quote.line', { n: f.number(index + 1) })}</legend>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-12">
        <div className="col-span-2 md:col-span-5">
          <LineTitleField
            label={t('quote.lineTitle')}
            value={line.title}
            onChange={(title) => set({ title })}
            onPick={(pick) =>
              set({
                product_id: pick.product_id,
                title: pick.title,
                ...(pick.rials !== null
                  ? { unit_price: moneyText(pick.rials, form.currency, f.language) }
                  : {}),
              })
            }
            path={`${path}.title`}
            errors={errorsAt(`${path}.title`)}
            quoteLanguage={quoteLanguage}
          />
          {line.product_id !== null ? (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-700">
              {t('quote.fromCatalogue', { id: f.number(line.product_id) })}
              <Button variant="ghost" className="px-1 py-0 text-xs" onClick={() => set({ product_id: null })}>
                {t('quote.makeFreeText')}
              </Button>
            </p>
          ) : null}
        </div>
        <QuoteField
          className="md:col-span-2"
          label={t('quote.quantity')}
          value={line.quantity}
          onChange={(quantity) => set({ quantity })}
          path={`${path}.quantity`}
          errors={errorsAt(`${path}.quantity`)}
          inputMode="decimal"
        />
        <SelectField
          className="md:col-span-2"
          label={t('quote.unit')}
          path={`${path}.unit`}
          value={line.unit}
          onChange={(e) => set({ unit: e.target.value as LineForm['unit'] })}
        >
          {quoteUnits.map((unit) => (
            <option key={unit} value={unit}>
              {quoteUnitName(unit, f.language, '2')}
            </option>
          ))}
        </SelectField>
        <QuoteField
          className="col-span-2 md:col-span-3"
          label={t('quote.unitPrice', { currency: currencyName })}
          value={line.unit_price}
          onChange={(unit_price) => set({ unit_price })}
          path={`${path}.unit_price`}
          errors={errorsAt(`${path}.unit_price`)}
          inputMode="decimal"
          regroup={(text) => groupedMoney(text, f.language)}
          suffix={currencyName}
        />
        <div className="col-span-2 md:col-span-6">
          <DiscountFields
            label={t('quote.lineDiscount')}
            value={line.discount}
            onChange={(discount) => set({ discount })}
            path={`${path}.discount`}
            errorsAt={errorsAt}
            currencyName={currencyName}
            language={f.language}
          />
        </div>
        <div className="col-span-2 flex flex-wrap items-end justify-between gap-2 md:col-span-6">
          <p>
            <span className="text-sm text-slate-700">{t('quote.lineAmount')} </span>
            <span className="font-medium">{amount}</span>
          </p>
          <span className="flex gap-1">
            <Button
              aria-label={t('quote.moveUp', { n: f.number(index + 1) })}
              disabled={index === 0}
              onClick={() => update((old) => ({ ...old, lines: swap(old.lines, index, index - 1) }))}
            >
              ↑
            </Button>
            <Button
              aria-label={t('quote.moveDown', { n: f.number(index + 1) })}
              disabled={index === count - 1}
              onClick={() => update((old) => ({ ...old, lines: swap(old.lines, index, index + 1) }))}
            >
              ↓
            </Button>
            <Button
              variant="danger"
              disabled={count === 1}
              aria-label={t('quote.removeLine', { n: f.number(index + 1) })}
              onClick={() =>
                update((old) => ({ ...old, lines: old.lines.filter((l) => l.key !== line.key) }))
              }
            >
              {t('quote.remove')}
            </Button>
          </span>
        </div>
      </div>
    </fieldset>
  );
}

function swap<T>(list: T[], a: number, b: number): T[] {
  const out = [...list];
  [out[a], out[b]] = [out[b]!, out[a]!];
  return out;
}

/** The totals as staff type, with the total in words (the contracts' quoteTotals and amountInWords). */
function Totals({ totals, pending, form }: { totals: QuoteTotals | null; pending: number; form: QuoteForm }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = (rials: number) =>
    `${moneyFigure(rials, form.currency, f.language)} ${t(`quote.currency.${form.currency}`)}`;
  if (!totals)
    return (
      <p className="rounded bg-amber-50 p-3 text-amber-950" data-testid="quote-totals">
        {t('quote.totalsUnavailable')}
      </p>
    );
  const rows: [string, string][] = [
    [t('quote.subtotal'), money(totals.subtotal)],
    [t('quote.discounts'), money(totals.discounts_total)],
    [t('quote.charges'), money(totals.charges)],
    [t('quote.taxable'), money(totals.taxable)],
    [t('quote.vatAt', { rate: f.number(totals.vat_rate / 100) }), money(totals.vat)],
  ];
  return (
    <section aria-label={t('quote.totals')} className="rounded border border-slate-300 bg-slate-50 p-3">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="text-end tabular-nums">{value}</dd>
          </div>
        ))}
        <dt className="font-bold">{t('quote.total')}</dt>
        <dd className="text-end font-bold tabular-nums" data-testid="quote-total">
          {money(totals.total)}
        </dd>
      </dl>
      <p className="mt-2 text-sm" data-testid="quote-words">
        {t('quote.inWords')}: {amountInWords(totals.total, f.language, form.currency)}
      </p>
      {pending > 0 ? (
        <p className="mt-2 text-sm text-amber-900">{t('quote.linesPending', { count: pending })}</p>
      ) : null}
    </section>
  );
}

const BUYER_FIELDS = ['name', 'national_id', 'economic_code', 'postal_code', 'phone', 'address'] as const;

/**
 * The quote being written: lines (from the catalogue or free text), discounts, charges, VAT,
 * currency, validity, terms and the buyer; live totals; save, send (asked first) and discard.
 */
export function QuoteEditor({
  enquiryId,
  initial,
  quoteLanguage,
  hasDraft,
  onDiscarded,
  onSent,
}: {
  enquiryId: number;
  initial: QuoteForm;
  quoteLanguage: string;
  hasDraft: boolean;
  onDiscarded: () => void;
  onSent: (number: number) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [form, setForm] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [confirm, setConfirm] = useState<'send' | 'discard' | null>(null);
  const [last, setLast] = useState<'save' | 'send' | null>(null);
  const save = useSaveQuote(enquiryId);
  const send = useSendQuote(enquiryId);
  const discard = useDiscardQuote(enquiryId);
  const checked = useMemo(() => checkForm(form), [form]);
  const update: Update = (change) => setForm((old) => change(old));
  const currencyName = t(`quote.currency.${form.currency}`);

  // Before the first save, only the totals' own problems are said (an empty field is not yet a fault).
  const errorsAt = (path: string): string[] => {
    const codes: ClientErrors[string] = checked.errors[path] ?? [];
    return attempted ? codes : codes.filter((code) => code === 'out_of_range');
  };
  const lineAmount = (index: number) =>
    checked.pending.includes(index) || !checked.totals
      ? '—'
      : `${moneyFigure(checked.totals.lines[index]!.amount, form.currency, f.language)} ${currencyName}`;

  const onSave = () => {
    setAttempted(true);
    setLast('save');
    send.reset();
    if (checked.body) save.mutate(checked.body);
    else save.reset();
  };
  const onSend = () => {
    if (!checked.body) return;
    setLast('send');
    save.reset();
    send.mutate(checked.body, {
      onSuccess: (summary) => {
        setConfirm(null);
        onSent(summary.number);
      },
      // A field the server refused is shown at its field: the dialog gets out of the way.
      onError: (failure) => {
        if (failure instanceof ApiError && (failure.code === 'validation_failed' || unchanged(failure)))
          setConfirm(null);
      },
    });
  };
  const error = last === 'send' ? (unchanged(send.error) ? null : send.error) : save.error;
  const state = {
    isPending: save.isPending || send.isPending,
    isSuccess: last === 'send' ? send.isSuccess : save.isSuccess,
    error,
  };
  const blocked = attempted && !checked.body;
  const invalid = blocked || (error instanceof ApiError && error.code === 'validation_failed');
  const text = (key: 'payment_terms' | 'delivery_terms' | 'notes', label: string) => (
    <QuoteField
      label={label}
      value={form[key]}
      onChange={(value) => update((old) => ({ ...old, [key]: value }))}
      path={key}
      multiline
    />
  );

  return (
    <Form
      onSubmit={onSave}
      save={state}
      prefix="draft."
      fieldsOnly
      saved={
        last === 'send' && send.data
          ? t('quote.sentStatus', { n: f.number(send.data.number) })
          : t('quote.saved')
      }
      className="space-y-4"
    >
      <div className="space-y-3">
        <h3 className="font-bold">{t('quote.lines')}</h3>
        {form.lines.map((line, index) => (
          <LineFields
            key={line.key}
            line={line}
            index={index}
            count={form.lines.length}
            update={update}
            errorsAt={errorsAt}
            amount={lineAmount(index)}
            form={form}
            quoteLanguage={quoteLanguage}
          />
        ))}
        <Button
          disabled={form.lines.length >= QUOTE_LINES_MAX}
          onClick={() => update((old) => ({ ...old, lines: [...old.lines, newLine()] }))}
        >
          {t('quote.addLine')}
        </Button>
      </div>

      <div className="grid gap-3 md:grid-cols-2">
        <DiscountFields
          label={t('quote.overallDiscount')}
          value={form.discount}
          onChange={(discount) => update((old) => ({ ...old, discount }))}
          path="discount"
          errorsAt={errorsAt}
          currencyName={currencyName}
          language={f.language}
        />
        <div className="grid grid-cols-2 gap-3">
          <QuoteField
            label={t('quote.vatRate')}
            value={form.vat}
            onChange={(vat) => update((old) => ({ ...old, vat }))}
            path="vat_rate"
            errors={errorsAt('vat_rate')}
            inputMode="decimal"
            suffix={f.language === 'fa' ? '٪' : '%'}
          />
          <SelectField
            label={t('quote.currencyLabel')}
            path="currency"
            value={form.currency}
            onChange={(e) =>
              update((old) => withCurrency(old, e.target.value as QuoteForm['currency'], f.language))
            }
          >
            {currencyDisplays.map((currency) => (
              <option key={currency} value={currency}>
                {t(`quote.currency.${currency}`)}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      <fieldset className="rounded border border-slate-300 p-3">
        <legend className="px-1 font-medium">{t('quote.charges')}</legend>
        <div className="space-y-2">
          {form.charges.length === 0 ? (
            <p className="text-sm text-slate-700">{t('quote.noCharges')}</p>
          ) : null}
          {form.charges.map((charge, index) => (
            <div key={charge.key} className="grid grid-cols-2 items-end gap-2 md:grid-cols-[2fr_1fr_auto]">
              <QuoteField
                className="col-span-2 md:col-span-1"
                label={t('quote.chargeLabel', { n: f.number(index + 1) })}
                value={charge.label}
                onChange={(label) =>
                  update((old) => ({
                    ...old,
                    charges: old.charges.map((c) => (c.key === charge.key ? { ...c, label } : c)),
                  }))
                }
                path={`charges.${index}.label`}
                errors={errorsAt(`charges.${index}.label`)}
              />
              <QuoteField
                label={t('quote.chargeAmount', { n: f.number(index + 1) })}
                value={charge.amount}
                onChange={(amount) =>
                  update((old) => ({
                    ...old,
                    charges: old.charges.map((c) => (c.key === charge.key ? { ...c, amount } : c)),
                  }))
                }
                path={`charges.${index}.amount`}
                errors={errorsAt(`charges.${index}.amount`)}
                inputMode="decimal"
                regroup={(text) => groupedMoney(text, f.language)}
                suffix={currencyName}
              />
              <Button
                variant="danger"
                aria-label={t('quote.removeCharge', { n: f.number(index + 1) })}
                onClick={() =>
                  update((old) => ({ ...old, charges: old.charges.filter((c) => c.key !== charge.key) }))
                }
              >
                {t('quote.remove')}
              </Button>
            </div>
          ))}
          <Button
            disabled={form.charges.length >= QUOTE_CHARGES_MAX}
            onClick={() =>
              update((old) => ({
                ...old,
                charges: [...old.charges, { key: newKey(), label: '', amount: '' }],
              }))
            }
          >
            {t('quote.addCharge')}
          </Button>
          {errorsAt('charges').length ? (
            <p className="text-sm font-medium text-red-800">{t('quote.chargesTooLarge')}</p>
          ) : null}
        </div>
      </fieldset>

      <Totals totals={checked.totals} pending={checked.pending.length} form={form} />

      <div className="grid gap-3 md:grid-cols-2">
        <div className="flex items-end gap-2">
          <QuoteField
            className="min-w-0 flex-1"
            label={t('quote.validity')}
            value={form.validity.value}
            onChange={(value) => update((old) => ({ ...old, validity: { ...old.validity, value } }))}
            path="validity.value"
            errors={errorsAt('validity.value')}
            inputMode="numeric"
          />
          <SelectField
            label={t('quote.validityUnit')}
            path="validity.unit"
            className="w-32 shrink-0"
            value={form.validity.unit}
            onChange={(e) =>
              update((old) => ({
                ...old,
                validity: { ...old.validity, unit: e.target.value as QuoteForm['validity']['unit'] },
              }))
            }
          >
            {quoteValidityUnits.map((unit) => (
              <option key={unit} value={unit}>
                {t(`quote.validityUnits.${unit}`)}
              </option>
            ))}
          </SelectField>
        </div>
        {text('payment_terms', t('quote.paymentTerms'))}
        {text('delivery_terms', t('quote.deliveryTerms'))}
        {text('notes', t('quote.notes'))}
      </div>

      <fieldset className="rounded border border-slate-300 p-3">
        <legend className="px-1 font-medium">{t('quote.buyer')}</legend>
        <div className="grid gap-3 md:grid-cols-2">
          <SelectField
            label={t('quote.buyerKind')}
            path="buyer.kind"
            value={form.buyer.kind}
            onChange={(e) =>
              update((old) => ({
                ...old,
                buyer: { ...old.buyer, kind: e.target.value as QuoteForm['buyer']['kind'] },
              }))
            }
          >
            {buyerKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`quote.buyerKinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          {BUYER_FIELDS.map((key) => (
            <QuoteField
              key={key}
              label={t(`quote.buyerFields.${key}`)}
              value={form.buyer[key]}
              onChange={(value) => update((old) => ({ ...old, buyer: { ...old.buyer, [key]: value } }))}
              path={`buyer.${key}`}
              inputMode={
                key === 'name' || key === 'address' ? undefined : key === 'phone' ? 'tel' : 'numeric'
              }
              dir={key === 'name' || key === 'address' ? 'auto' : 'ltr'}
              multiline={key === 'address'}
              className={key === 'address' ? 'md:col-span-2' : undefined}
            />
          ))}
        </div>
      </fieldset>

      {last === 'send' && unchanged(send.error) ? (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('quote.nothingChanged')}
        </p>
      ) : null}
      {invalid ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-900">
          {t('quote.fixFields')}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <SubmitButton>{t('quote.saveDraft')}</SubmitButton>
        <Button
          variant="primary"
          disabled={state.isPending}
          onClick={() => {
            setAttempted(true);
            if (checked.body) {
              send.reset();
              setConfirm('send');
            }
          }}
        >
          {t('quote.send')}
        </Button>
        {hasDraft ? (
          <Button variant="danger" onClick={() => setConfirm('discard')}>
            {t('quote.discard')}
          </Button>
        ) : null}
      </div>

      <ConfirmDialog
        open={confirm === 'send'}
        onOpenChange={(open) => setConfirm(open ? 'send' : null)}
        title={t('quote.sendTitle')}
        description={t('quote.sendDescription', {
          total: checked.totals
            ? `${moneyFigure(checked.totals.total, form.currency, f.language)} ${currencyName}`
            : '—',
        })}
        confirmLabel={t('quote.sendConfirm')}
        onConfirm={onSend}
        busy={send.isPending}
        error={send.error}
      />
      <ConfirmDialog
        open={confirm === 'discard'}
        onOpenChange={(open) => {
          setConfirm(open ? 'discard' : null);
          if (!open) discard.reset();
        }}
        title={t('quote.discardTitle')}
        description={t('quote.discardDescription')}
        confirmLabel={t('quote.discard')}
        danger
        onConfirm={() =>
          discard.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              onDiscarded();
            },
          })
        }
        busy={discard.isPending}
        error={discard.error}
      />
    </Form>
  );
}
