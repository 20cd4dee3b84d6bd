import {
  asciiDigits,
  BASIS_POINTS,
  canonicalQuantity,
  localDigits,
  numberFormat,
  QUOTE_AMOUNT_MAX,
  QUOTE_VALIDITY_MAX,
  quoteTotals,
  QuoteTotalsError,
  type CurrencyDisplay,
  type EnquiryQuote,
  type QuoteBuyer,
  type QuoteDiscount,
  type QuoteDraft,
  type QuoteEditorBody,
  type QuoteMoney,
  type QuoteTotals,
  type QuoteUnit,
} from '@storefront/contracts';
import type { Language } from '../../lib/i18n.ts';

/**
 * The quote editor's state and its sums, without drawing. What staff type is kept as typed (strings:
 * Persian or Latin digits, thousands separators, Tomans), and turned into the draft the server takes
 * (integer Rials, basis points, a canonical quantity) only for the totals and the save.
 */

export type DiscountKind = 'none' | 'percent' | 'amount';
export interface DiscountForm {
  kind: DiscountKind;
  /** A percent (`12.5`) or an amount in the quote's currency, as typed. */
  value: string;
}
export interface LineForm {
  /** React's key: lines are added and removed in the middle. */
  key: string;
  product_id: number | null;
  title: string;
  quantity: string;
  unit: QuoteUnit;
  /** In the quote's currency, as typed. */
  unit_price: string;
  discount: DiscountForm;
}
export interface ChargeForm {
  key: string;
  label: string;
  amount: string;
}
export interface QuoteForm {
  lines: LineForm[];
  discount: DiscountForm;
  charges: ChargeForm[];
  /** VAT in percent, as typed (`10`). */
  vat: string;
  currency: CurrencyDisplay;
  validity: { value: string; unit: 'hours' | 'days' };
  payment_terms: string;
  delivery_terms: string;
  notes: string;
  buyer: QuoteBuyer;
}

let counter = 0;
export const newKey = () => `k${++counter}`;

// ---- numbers as typed -------------------------------------------------------------------------------

/** Rials per unit of the quote's currency. */
const perUnit = (currency: CurrencyDisplay) => (currency === 'toman' ? 10 : 1);

/** Thousands separators people type (Latin comma, Persian «٬», spaces) and the decimal separators read as '.'. */
function plainNumber(text: string): string {
  return asciiDigits(text)
    .replace(/[,\u066c\s\u200c\u200f\u200e]/g, '')
    .replace(/[\u066b/]/g, '.');
}

export type Parsed = number | 'blank' | 'invalid';

/**
 * An amount typed in the quote's currency → integer Rials. A Toman amount may have one decimal
 * (12.5 Tomans = 125 Rials); a Rial amount none. Past the quote's bound, or not a number: invalid.
 */
export function parseMoney(text: string, currency: CurrencyDisplay): Parsed {
  const plain = plainNumber(text);
  if (plain === '') return 'blank';
  const decimals = currency === 'toman' ? 1 : 0;
  const match = /^(\d+)(?:\.(\d*))?$/.exec(plain);
  if (!match) return 'invalid';
  const fraction = match[2] ?? '';
  if (fraction.replace(/0+$/, '').length > decimals) return 'invalid';
  const whole = BigInt(match[1]!) * BigInt(perUnit(currency));
  const part = currency === 'toman' && fraction !== '' ? BigInt(fraction[0]!) : 0n;
  const rials = whole + part;
  if (rials > BigInt(QUOTE_AMOUNT_MAX)) return 'invalid';
  return Number(rials);
}

/**
 * What is typed into an amount field, regrouped as it is typed: the language's digits and thousands
 * separators («۱۲٬۵۰۰٬۰۰۰» / "12,500,000"). Something that is not a number is left as it is (its
 * field says it is invalid).
 */
export function groupedMoney(text: string, language: Language): string {
  const plain = plainNumber(text);
  const match = /^(\d*)(\.(\d*))?$/.exec(plain);
  if (!match || plain === '') return text;
  const whole = match[1] ?? '';
  const grouped = whole === '' ? '' : numberFormat(language).format(BigInt(whole));
  if (match[2] === undefined) return grouped;
  return `${grouped}${language === 'fa' ? '\u066b' : '.'}${localDigits(match[3] ?? '', language)}`;
}

/** Rials as the amount field shows them in the quote's currency. */
export function moneyText(rials: number, currency: CurrencyDisplay, language: Language): string {
  if (currency === 'rial') return groupedMoney(String(rials), language);
  const whole = Math.floor(rials / 10);
  const tenth = rials % 10;
  return groupedMoney(tenth === 0 ? String(whole) : `${whole}.${tenth}`, language);
}

/** An amount for reading (totals, versions): the language's digits and the currency's name. */
export function moneyFigure(rials: number, currency: CurrencyDisplay, language: Language): string {
  return moneyText(rials, currency, language);
}

/** A percent typed (`10`, `۹٫۵`, up to two decimals, at most 100) → basis points. */
export function parsePercent(text: string): Parsed {
  const plain = plainNumber(text).replace(/%|٪/g, '');
  if (plain === '') return 'blank';
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(plain);
  if (!match) return 'invalid';
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points > BASIS_POINTS ? 'invalid' : points;
}

/** Basis points as a percent field shows them (1000 → «۱۰», 950 → "9.5"). */
export function percentText(points: number, language: Language): string {
  return numberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(points / 100);
}

/** A whole number typed in either script (the validity). */
function parseWhole(text: string): Parsed {
  const plain = plainNumber(text);
  if (plain === '') return 'blank';
  return /^\d{1,6}$/.test(plain) ? Number(plain) : 'invalid';
}

// ---- the form from the server and back ---------------------------------------------------------------

const emptyBuyer = (phone = ''): QuoteBuyer => ({
  kind: 'person',
  name: '',
  national_id: '',
  economic_code: '',
  postal_code: '',
  address: '',
  phone,
});

export function newLine(): LineForm {
  return {
    key: newKey(),
    product_id: null,
    title: '',
    quantity: '1',
    unit: 'piece',
    unit_price: '',
    discount: { kind: 'none', value: '' },
  };
}

function discountForm(
  discount: QuoteDiscount | null | undefined,
  currency: CurrencyDisplay,
  language: Language,
): DiscountForm {
  if (!discount) return { kind: 'none', value: '' };
  if (discount.kind === 'percent')
    return { kind: 'percent', value: percentText(discount.basis_points, language) };
  return { kind: 'amount', value: moneyText(discount.rials, currency, language) };
}

/** The editor's state for a stored draft (or a sent version's), in the staff member's digits. */
export function formFromDraft(draft: QuoteDraft, buyer: QuoteBuyer | null, language: Language): QuoteForm {
  const currency = draft.currency;
  return {
    lines: draft.lines.map((line) => ({
      key: newKey(),
      product_id: line.product_id,
      title: line.title,
      quantity: localDigits(line.quantity, language).replace('.', language === 'fa' ? '\u066b' : '.'),
      unit: line.unit,
      unit_price: moneyText(line.unit_price, currency, language),
      discount: discountForm(line.discount, currency, language),
    })),
    discount: discountForm(draft.discount, currency, language),
    charges: draft.charges.map((charge) => ({
      key: newKey(),
      label: charge.label,
      amount: moneyText(charge.amount, currency, language),
    })),
    vat: percentText(draft.vat_rate, language),
    currency,
    validity: { value: localDigits(draft.validity.value, language), unit: draft.validity.unit },
    payment_terms: draft.payment_terms,
    delivery_terms: draft.delivery_terms,
    notes: draft.notes,
    buyer: buyer ?? emptyBuyer(),
  };
}

/** A new quote: the store's defaults, one line (the product asked about, when there is one). */
export function formFromDefaults(
  defaults: EnquiryQuote['defaults'],
  language: Language,
  first: { product_id: number | null; title: string; rials: number | null },
  phone: string,
): QuoteForm {
  const { rials, ...line } = first;
  return {
    lines: [
      {
        ...newLine(),
        ...line,
        unit_price: rials === null ? '' : moneyText(rials, defaults.currency, language),
      },
    ],
    discount: { kind: 'none', value: '' },
    charges: [],
    vat: percentText(defaults.vat_rate, language),
    currency: defaults.currency,
    validity: { value: localDigits(defaults.validity.value, language), unit: defaults.validity.unit },
    payment_terms: defaults.payment_terms,
    delivery_terms: defaults.delivery_terms,
    notes: '',
    buyer: emptyBuyer(phone),
  };
}

/** Every amount field in the other currency, the Rials unchanged (what cannot be read stays as typed). */
export function withCurrency(form: QuoteForm, currency: CurrencyDisplay, language: Language): QuoteForm {
  const convert = (text: string) => {
    const rials = parseMoney(text, form.currency);
    return typeof rials === 'number' ? moneyText(rials, currency, language) : text;
  };
  const discount = (d: DiscountForm): DiscountForm =>
    d.kind === 'amount' ? { ...d, value: convert(d.value) } : d;
  return {
    ...form,
    currency,
    lines: form.lines.map((line) => ({
      ...line,
      unit_price: convert(line.unit_price),
      discount: discount(line.discount),
    })),
    discount: discount(form.discount),
    charges: form.charges.map((charge) => ({ ...charge, amount: convert(charge.amount) })),
  };
}

// ---- checks, totals and the body ---------------------------------------------------------------------

/** Field errors found before sending, by the server's paths (without `draft.`): codes of errors.field.*. */
export type ClientErrors = Record<string, string[]>;

function readDiscount(
  form: DiscountForm,
  currency: CurrencyDisplay,
  path: string,
  errors: ClientErrors,
): QuoteDiscount | null {
  if (form.kind === 'none') return null;
  if (form.kind === 'percent') {
    const points = parsePercent(form.value);
    if (typeof points === 'number') return { kind: 'percent', basis_points: points };
    errors[`${path}.basis_points`] = [points === 'blank' ? 'required' : 'out_of_range'];
    return null;
  }
  const rials = parseMoney(form.value, currency);
  if (typeof rials === 'number') return { kind: 'amount', rials };
  errors[`${path}.rials`] = [rials === 'blank' ? 'required' : 'invalid'];
  return null;
}

export interface Checked {
  /** The body of a save; null while a field cannot be read (its error is in `errors`). */
  body: QuoteEditorBody | null;
  errors: ClientErrors;
  /** The totals of the lines that can be read so far (a line still being typed counts as nothing). */
  totals: QuoteTotals | null;
  /** Indexes of the lines left out of the totals (their amount is not known yet). */
  pending: number[];
}

/**
 * Reads the form: the draft to save, the errors of what cannot be read, and the live totals with
 * the contracts' quoteTotals (exact integer Rials, the server's own sums). A discount larger than its
 * base, or a figure past the bound, is an error at the field it comes from, as the server says it.
 */
export function checkForm(form: QuoteForm): Checked {
  const errors: ClientErrors = {};
  const pending: number[] = [];
  const lines: QuoteEditorBody['draft']['lines'] = [];
  const money: QuoteMoney['lines'] = [];
  const moneyIndex: number[] = [];
  form.lines.forEach((line, index) => {
    const path = `lines.${index}`;
    const quantity = canonicalQuantity(line.quantity);
    const price = parseMoney(line.unit_price, form.currency);
    const discount = readDiscount(line.discount, form.currency, `${path}.discount`, errors);
    if (line.title.trim() === '') errors[`${path}.title`] = ['required'];
    if (quantity === null)
      errors[`${path}.quantity`] = [line.quantity.trim() === '' ? 'required' : 'invalid'];
    if (typeof price !== 'number')
      errors[`${path}.unit_price`] = [price === 'blank' ? 'required' : 'invalid'];
    lines.push({
      product_id: line.product_id,
      title: line.title.trim(),
      quantity: quantity ?? line.quantity,
      unit: line.unit,
      unit_price: typeof price === 'number' ? price : 0,
      discount,
    });
    if (quantity !== null && typeof price === 'number') {
      money.push({ quantity, unit_price: price, discount });
      moneyIndex.push(index);
    } else pending.push(index);
  });
  const discount = readDiscount(form.discount, form.currency, 'discount', errors);
  const charges = form.charges.map((charge, index) => {
    const amount = parseMoney(charge.amount, form.currency);
    if (charge.label.trim() === '') errors[`charges.${index}.label`] = ['required'];
    if (typeof amount !== 'number')
      errors[`charges.${index}.amount`] = [amount === 'blank' ? 'required' : 'invalid'];
    return { label: charge.label.trim(), amount: typeof amount === 'number' ? amount : 0 };
  });
  const vat = parsePercent(form.vat);
  if (typeof vat !== 'number') errors.vat_rate = [vat === 'blank' ? 'required' : 'out_of_range'];
  const validity = parseWhole(form.validity.value);
  if (typeof validity !== 'number')
    errors['validity.value'] = [validity === 'blank' ? 'required' : 'invalid'];
  else if (validity < 1 || validity > QUOTE_VALIDITY_MAX[form.validity.unit])
    errors['validity.value'] = ['out_of_range'];

  let totals: QuoteTotals | null = null;
  try {
    totals = quoteTotals({ lines: money, discount, charges, vat_rate: typeof vat === 'number' ? vat : 0 });
  } catch (error) {
    if (!(error instanceof QuoteTotalsError)) throw error;
    // The error's path counts only the lines in the sum: back to the form's own line numbers.
    const path = [...error.path];
    if (path[0] === 'lines' && typeof path[1] === 'number') path[1] = moneyIndex[path[1]] ?? path[1];
    const key = path.length ? path.join('.') : 'total';
    errors[key] = [...(errors[key] ?? []), 'out_of_range'];
  }
  // Lines left out of the sum: their figures are unknown, so the totals are given without them.
  if (totals && moneyIndex.length !== form.lines.length) {
    const byIndex = new Map(moneyIndex.map((formIndex, i) => [formIndex, totals!.lines[i]!]));
    totals = {
      ...totals,
      lines: form.lines.map((_, index) => byIndex.get(index) ?? { gross: 0, discount: 0, amount: 0 }),
    };
  }

  const body: QuoteEditorBody | null =
    Object.keys(errors).length > 0
      ? null
      : {
          draft: {
            lines,
            discount,
            charges,
            vat_rate: vat as number,
            currency: form.currency,
            validity: { value: validity as number, unit: form.validity.unit },
            payment_terms: form.payment_terms.trim(),
            delivery_terms: form.delivery_terms.trim(),
            notes: form.notes.trim(),
          },
          buyer: {
            ...form.buyer,
            national_id: asciiDigits(form.buyer.national_id.trim()),
            economic_code: asciiDigits(form.buyer.economic_code.trim()),
            postal_code: asciiDigits(form.buyer.postal_code.trim()),
            phone: asciiDigits(form.buyer.phone.trim()),
          },
        };
  return { body, errors, totals, pending };
}

/** The stored draft of GET …/quote (the server's JSON; null when there is none or it is not a draft). */
export function storedDraft(value: unknown): QuoteDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const draft = value as Partial<QuoteDraft>;
  return Array.isArray(draft.lines) && draft.validity ? (value as QuoteDraft) : null;
}
