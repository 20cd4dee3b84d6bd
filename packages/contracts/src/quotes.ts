import { z } from 'zod';
import { AMOUNT_IN_WORDS_MAX, currencyDisplays } from './amount-in-words.ts';
import { coded } from './errors.ts';
import { REQUIRED, choiceField } from './fields.ts';
import { asciiDigits } from './locale-format.ts';

export * from './amount-in-words.ts';

/**
 * A quote's money (issue 25): the draft staff build from an enquiry, and its totals. Pure and shared:
 * the server checks and stores drafts with these schemas and computes the totals the visitor and the
 * PDF show; the back office's editor shows the same totals as it types, from the same function.
 *
 * Every amount is an integer number of Rials (JSON numbers: the bound below keeps them far inside
 * JavaScript's safe integers); `currency` only says whether the store shows them as Rials or Tomans.
 * Quantities are decimal strings (up to three decimals: 2.5 tons, 0.750 kg) so that no quantity goes
 * through binary floating point.
 */

// ---- units ----------------------------------------------------------------------------------------

/** What a line's quantity counts. */
export const quoteUnits = [
  'piece',
  'kg',
  'gram',
  'ton',
  'litre',
  'm',
  'm2',
  'm3',
  'carton',
  'box',
  'pack',
  'set',
  'pair',
  'roll',
  'sheet',
  'branch',
  'hour',
  'day',
  'month',
  'session',
  'course',
  'service',
] as const;
export type QuoteUnit = (typeof quoteUnits)[number];

/** A unit's name: Persian (no plural form: «۳ کارتن»), English singular and plural. */
export const quoteUnitNames: Record<QuoteUnit, { fa: string; en: string; en_plural: string }> = {
  piece: { fa: 'عدد', en: 'piece', en_plural: 'pieces' },
  kg: { fa: 'کیلوگرم', en: 'kg', en_plural: 'kg' },
  gram: { fa: 'گرم', en: 'g', en_plural: 'g' },
  ton: { fa: 'تن', en: 'ton', en_plural: 'tons' },
  litre: { fa: 'لیتر', en: 'litre', en_plural: 'litres' },
  m: { fa: 'متر', en: 'm', en_plural: 'm' },
  m2: { fa: 'متر مربع', en: 'm²', en_plural: 'm²' },
  m3: { fa: 'متر مکعب', en: 'm³', en_plural: 'm³' },
  carton: { fa: 'کارتن', en: 'carton', en_plural: 'cartons' },
  box: { fa: 'جعبه', en: 'box', en_plural: 'boxes' },
  pack: { fa: 'بسته', en: 'pack', en_plural: 'packs' },
  set: { fa: 'دست', en: 'set', en_plural: 'sets' },
  pair: { fa: 'جفت', en: 'pair', en_plural: 'pairs' },
  roll: { fa: 'رول', en: 'roll', en_plural: 'rolls' },
  sheet: { fa: 'برگ', en: 'sheet', en_plural: 'sheets' },
  branch: { fa: 'شاخه', en: 'length', en_plural: 'lengths' },
  hour: { fa: 'ساعت', en: 'hour', en_plural: 'hours' },
  day: { fa: 'روز', en: 'day', en_plural: 'days' },
  month: { fa: 'ماه', en: 'month', en_plural: 'months' },
  session: { fa: 'جلسه', en: 'session', en_plural: 'sessions' },
  course: { fa: 'دوره', en: 'course', en_plural: 'courses' },
  service: { fa: 'خدمت', en: 'service', en_plural: 'services' },
};

/** A unit's name for a quantity (a canonical decimal string), in Persian or else English. */
export function quoteUnitName(unit: QuoteUnit, lang: string, quantity = '1'): string {
  const names = quoteUnitNames[unit];
  if (lang === 'fa') return names.fa;
  return quantity === '1' ? names.en : names.en_plural;
}

// ---- limits ---------------------------------------------------------------------------------------

/**
 * The largest amount of a quote, in Rials: every figure (a line, the subtotal, the total) stays at or
 * under it. 10^15 − 1 Rials is far beyond any real pre-invoice, is written in words by amountInWords,
 * and keeps every amount a safe JavaScript integer and inside PostgreSQL's bigint.
 */
export const QUOTE_AMOUNT_MAX = Number(AMOUNT_IN_WORDS_MAX);
/** Lines in one quote. */
export const QUOTE_LINES_MAX = 200;
/** Charges (shipping, packing, installation…) in one quote. */
export const QUOTE_CHARGES_MAX = 20;
/** Decimals a quantity may have. */
export const QUANTITY_DECIMALS = 3;
/** Digits before a quantity's decimal point (up to 999,999,999). */
export const QUANTITY_INTEGER_DIGITS = 9;
/** Basis points in 100 % (a rate of 1000 is 10 %). */
export const BASIS_POINTS = 10_000;
/** The VAT rate a new quote starts with (10 %, Iran's rate since 1403); the store's setting overrides it. */
export const DEFAULT_VAT_RATE = 1000;
export const QUOTE_TITLE_MAX = 300;
export const QUOTE_LABEL_MAX = 100;
export const QUOTE_TERMS_MAX = 2000;
/** The longest validity: 30 days in hours, a year in days. */
export const QUOTE_VALIDITY_MAX = { hours: 720, days: 365 } as const;

// ---- fields ---------------------------------------------------------------------------------------

const INTEGER_MESSAGE = 'A valid integer is required.';

/** An integer number of Rials, 0 to QUOTE_AMOUNT_MAX. */
const rials = () =>
  z
    .number({ message: INTEGER_MESSAGE })
    .int({ message: INTEGER_MESSAGE })
    .min(0, { message: 'Ensure this value is greater than or equal to 0.' })
    .max(QUOTE_AMOUNT_MAX, { message: `Ensure this value is less than or equal to ${QUOTE_AMOUNT_MAX}.` });

const basisPoints = () =>
  z
    .number({ message: INTEGER_MESSAGE })
    .int({ message: INTEGER_MESSAGE })
    .min(0, { message: 'Ensure this value is greater than or equal to 0.' })
    .max(BASIS_POINTS, { message: `Ensure this value is less than or equal to ${BASIS_POINTS}.` });

const text = (max: number) =>
  z
    .string({ message: 'Not a valid string.' })
    .trim()
    .max(max, { message: `Ensure this field has no more than ${max} characters.` });

const requiredText = (max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? REQUIRED : 'Not a valid string.',
    })
    .trim()
    .min(1, { message: 'This field may not be blank.' })
    .max(max, { message: `Ensure this field has no more than ${max} characters.` });

const QUANTITY_PATTERN = new RegExp(`^\\d{1,${QUANTITY_INTEGER_DIGITS}}(\\.\\d{1,${QUANTITY_DECIMALS}})?$`);
const QUANTITY_MESSAGE = `Enter a quantity greater than 0 with at most ${QUANTITY_DECIMALS} decimals (for example 2.5).`;

/**
 * A quantity as typed, written canonically: Persian or Arabic digits, the Persian decimal separator
 * «٫» and a decimal comma are read; leading zeros and trailing decimal zeros go ("002.500" → "2.5"),
 * so one quantity has one spelling (a sent quote's content hash does not change with how it was typed).
 */
export function canonicalQuantity(value: string): string | null {
  const ascii = asciiDigits(value.trim()).replace(/[٫,]/, '.');
  if (!QUANTITY_PATTERN.test(ascii)) return null;
  const [whole = '', fraction = ''] = ascii.split('.');
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  const canonical = decimals === '' ? integer : `${integer}.${decimals}`;
  return canonical === '0' ? null : canonical;
}

/** A quantity, greater than 0, up to QUANTITY_DECIMALS decimals, given as a string (a number is refused: it may already be rounded). */
export const quantityField = () =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? REQUIRED : 'Send the quantity as a string.',
    })
    .transform((value, ctx) => {
      const canonical = canonicalQuantity(value);
      if (canonical === null) {
        ctx.addIssue({ code: 'custom', ...coded('invalid', QUANTITY_MESSAGE) });
        return z.NEVER;
      }
      return canonical;
    });

/** A discount: a percent in basis points (1250 = 12.5 %) or an amount in Rials. */
export const quoteDiscountSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('percent'), basis_points: basisPoints() }),
    z.object({ kind: z.literal('amount'), rials: rials() }),
  ],
  {
    message:
      'Must be a percent ({"kind": "percent", "basis_points": …}) or an amount ({"kind": "amount", "rials": …}).',
  },
);
export type QuoteDiscount = z.infer<typeof quoteDiscountSchema>;

export const quoteLineSchema = z.object({
  /**
   * The catalogue product it was picked from; null for a free-text line. The title is the line's
   * own either way (copied from the product when picked, editable), so a sent quote reads as sent
   * after the product is renamed or deleted.
   */
  product_id: z
    .number({ message: INTEGER_MESSAGE })
    .int({ message: INTEGER_MESSAGE })
    .min(1)
    .max(2_147_483_647)
    .nullable()
    .default(null),
  title: requiredText(QUOTE_TITLE_MAX),
  quantity: quantityField(),
  unit: choiceField(quoteUnits, `Must be one of: ${quoteUnits.join(', ')}.`),
  /** Rials for one unit. */
  unit_price: rials(),
  discount: quoteDiscountSchema.nullable().default(null),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteChargeSchema = z.object({
  /** What it is for: «هزینه حمل», "Shipping", "Installation"… */
  label: requiredText(QUOTE_LABEL_MAX),
  amount: rials(),
});
export type QuoteCharge = z.infer<typeof quoteChargeSchema>;

export const quoteValidityUnits = ['hours', 'days'] as const;
/** How long the prices hold after the quote is sent: in hours (prices move fast) or days. */
export const quoteValiditySchema = z
  .object({
    value: z
      .number({ message: INTEGER_MESSAGE })
      .int({ message: INTEGER_MESSAGE })
      .min(1, { message: 'Ensure this value is greater than or equal to 1.' }),
    unit: choiceField(quoteValidityUnits, 'Must be hours or days.'),
  })
  .superRefine((v, ctx) => {
    const max = QUOTE_VALIDITY_MAX[v.unit];
    if (v.value > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        ...coded('out_of_range', `Ensure this value is less than or equal to ${max} ${v.unit}.`),
      });
    }
  });
export type QuoteValidity = z.infer<typeof quoteValiditySchema>;

/** When a quote sent at `sentAt` stops being valid. */
export function quoteValidUntil(sentAt: Date, validity: QuoteValidity): Date {
  const hours = validity.unit === 'days' ? validity.value * 24 : validity.value;
  return new Date(sentAt.getTime() + hours * 3_600_000);
}

/** The fields of a draft, before the check of its totals. */
const quoteDraftFields = z.object({
  lines: z
    .array(quoteLineSchema, { message: 'Expected a list of items.' })
    .min(1, { message: 'A quote needs at least one line.' })
    .max(QUOTE_LINES_MAX, { message: `Ensure this field has no more than ${QUOTE_LINES_MAX} elements.` }),
  /** On the subtotal (the lines after their own discounts). */
  discount: quoteDiscountSchema.nullable().default(null),
  charges: z
    .array(quoteChargeSchema, { message: 'Expected a list of items.' })
    .max(QUOTE_CHARGES_MAX, { message: `Ensure this field has no more than ${QUOTE_CHARGES_MAX} elements.` })
    .default([]),
  /** The VAT rate in basis points (1000 = 10 %), frozen in the quote when it is sent. */
  vat_rate: basisPoints().default(DEFAULT_VAT_RATE),
  currency: z.enum(currencyDisplays, { message: 'Must be rial or toman.' }).default('rial'),
  validity: quoteValiditySchema,
  payment_terms: text(QUOTE_TERMS_MAX).default(''),
  delivery_terms: text(QUOTE_TERMS_MAX).default(''),
  notes: text(QUOTE_TERMS_MAX).default(''),
});

/**
 * A quote draft as staff save or send it. Besides each field's own rules, its totals must be
 * computable: a discount amount larger than what it is taken from, or a figure past QUOTE_AMOUNT_MAX,
 * is a field error (`out_of_range`) on the line, discount or charges it comes from, never a failure
 * of the server.
 */
export const quoteDraftSchema = quoteDraftFields.superRefine(
  (draft, ctx) => {
    try {
      quoteTotals(draft);
    } catch (error) {
      if (!(error instanceof QuoteTotalsError)) throw error;
      ctx.addIssue({ code: 'custom', path: error.path, ...coded('out_of_range', error.message) });
    }
  },
  // Zod runs a refinement after some failed checks too (a price past its maximum is still a
  // number); totals of a draft with any problem would be meaningless, or a second error for one fault.
  { when: (payload) => payload.issues.length === 0 },
);
export type QuoteDraft = z.infer<typeof quoteDraftSchema>;
export type QuoteDraftBody = z.input<typeof quoteDraftSchema>;

// ---- totals ---------------------------------------------------------------------------------------

/** Why totals cannot be computed: a discount amount above its base, or a figure past QUOTE_AMOUNT_MAX. */
export type QuoteTotalsProblem = 'discount_exceeds_amount' | 'amount_too_large';

/** Thrown by quoteTotals; `path` names the draft's field it comes from (as a field error would). */
export class QuoteTotalsError extends RangeError {
  readonly problem: QuoteTotalsProblem;
  readonly path: (string | number)[];
  constructor(problem: QuoteTotalsProblem, path: (string | number)[], message: string) {
    super(message);
    this.name = 'QuoteTotalsError';
    this.problem = problem;
    this.path = path;
  }
}

export interface QuoteLineTotals {
  /** quantity × unit price, rounded half up to the Rial. */
  gross: number;
  /** The line's own discount in Rials. */
  discount: number;
  /** gross − discount. */
  amount: number;
}

export interface QuoteTotals {
  lines: QuoteLineTotals[];
  /** The sum of the lines' amounts (after their own discounts). */
  subtotal: number;
  /** The discount on the subtotal. */
  discount: number;
  /** The lines' discounts and the overall one together (what the document shows as "discounts"). */
  discounts_total: number;
  /** The sum of the charges. */
  charges: number;
  /** What VAT is computed on: subtotal − discount + charges. */
  taxable: number;
  /** The VAT rate in basis points. */
  vat_rate: number;
  /** taxable × rate, rounded half up to the Rial. */
  vat: number;
  /** taxable + vat: what the buyer pays. */
  total: number;
}

/** What quoteTotals reads: a parsed draft, or any object with these fields. */
export type QuoteMoney = Pick<QuoteDraft, 'discount' | 'charges' | 'vat_rate'> & {
  lines: Pick<QuoteLine, 'quantity' | 'unit_price' | 'discount'>[];
};

const MAX = BigInt(QUOTE_AMOUNT_MAX);
const THOUSANDTHS = 10n ** BigInt(QUANTITY_DECIMALS);

/**
 * numerator ÷ denominator for non-negative integers, rounded half up (a half goes up): the one rounding
 * rule of a quote, applied wherever a figure has a fraction of a Rial (quantity × price, a percent
 * discount, VAT), each rounded once where it is computed.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** A canonical quantity in thousandths: "2.5" → 2500n. */
function thousandths(quantity: string): bigint {
  const [whole = '0', fraction = ''] = quantity.split('.');
  return BigInt(whole) * THOUSANDTHS + BigInt(fraction.padEnd(QUANTITY_DECIMALS, '0') || '0');
}

function bounded(value: bigint, path: (string | number)[], what: string): number {
  if (value > MAX) {
    throw new QuoteTotalsError(
      'amount_too_large',
      path,
      `The ${what} would be more than ${QUOTE_AMOUNT_MAX} Rials, the most a quote can hold.`,
    );
  }
  return Number(value);
}

function discountOf(
  discount: QuoteDiscount | null,
  base: bigint,
  path: (string | number)[],
  what: string,
): bigint {
  if (discount === null) return 0n;
  if (discount.kind === 'percent')
    return divideHalfUp(base * BigInt(discount.basis_points), BigInt(BASIS_POINTS));
  const amount = BigInt(discount.rials);
  if (amount > base) {
    throw new QuoteTotalsError(
      'discount_exceeds_amount',
      [...path, 'rials'],
      `The discount is more than the ${what} it is taken from (${base} Rials).`,
    );
  }
  return amount;
}

/**
 * A quote's totals in exact integer Rials (BigInt inside; no floating point anywhere):
 *
 * 1. each line: gross = quantity × unit price, rounded half up to the Rial; its discount (a percent
 *    of gross, rounded half up, or an amount no larger than gross); amount = gross − discount;
 * 2. subtotal = the sum of the lines' amounts; the overall discount is taken from it the same way;
 * 3. charges (shipping, packing, installation…) are added: taxable = subtotal − discount + charges;
 * 4. VAT = taxable × rate, rounded half up to the Rial, once, on the whole (not per line: the sum of
 *    per-line roundings could differ from the rate applied to the total by a few Rials);
 * 5. total = taxable + VAT.
 *
 * What VAT applies to, and why: Iran's VAT law (قانون مالیات بر ارزش افزوده, 1400) taxes the value
 * of the supply, which is the price after the discounts the invoice itself shows, and includes the
 * costs the seller charges with it (transport, packing, installation, insurance) when they are part of
 * the same sale. So VAT is on the amount after every discount, charges included. One rate for the
 * whole quote: goods exempt from VAT (bread, unprocessed farm produce…) go on a quote with rate 0.
 *
 * Throws QuoteTotalsError when a discount amount is larger than what it is taken from, or when any
 * figure (a line's gross, the subtotal, the charges, the taxable amount, the total) would pass
 * QUOTE_AMOUNT_MAX; quoteDraftSchema turns both into field errors, so a parsed draft never throws.
 */
export function quoteTotals(draft: QuoteMoney): QuoteTotals {
  const lines: QuoteLineTotals[] = [];
  let subtotal = 0n;
  let lineDiscounts = 0n;
  draft.lines.forEach((line, index) => {
    const path = ['lines', index];
    const gross = divideHalfUp(thousandths(line.quantity) * BigInt(line.unit_price), THOUSANDTHS);
    bounded(gross, [...path, 'unit_price'], 'line amount');
    const discount = discountOf(line.discount, gross, [...path, 'discount'], 'line amount');
    const amount = gross - discount;
    subtotal += amount;
    lineDiscounts += discount;
    lines.push({ gross: Number(gross), discount: Number(discount), amount: Number(amount) });
  });
  bounded(subtotal, ['lines'], 'subtotal');
  const discount = discountOf(draft.discount, subtotal, ['discount'], 'subtotal');
  const charges = draft.charges.reduce((sum, charge) => sum + BigInt(charge.amount), 0n);
  bounded(charges, ['charges'], 'sum of the charges');
  const taxable = subtotal - discount + charges;
  bounded(taxable, ['charges'], 'amount before VAT');
  const vat = divideHalfUp(taxable * BigInt(draft.vat_rate), BigInt(BASIS_POINTS));
  const total = bounded(taxable + vat, [], 'total');
  return {
    lines,
    subtotal: Number(subtotal),
    discount: Number(discount),
    discounts_total: Number(lineDiscounts + discount),
    charges: Number(charges),
    taxable: Number(taxable),
    vat_rate: draft.vat_rate,
    vat: Number(vat),
    total,
  };
}
