import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  amountInWords,
  dateFormat,
  escapeHtml as escape,
  localDigits,
  numberFormat,
  quoteUnitName,
  RIALS_PER_TOMAN,
  type CurrencyDisplay,
  type QuoteBuyer,
  type QuoteDiscount,
  type QuoteSnapshot,
  type QuoteVersionState,
} from '@storefront/contracts';
import { vazirmatnFontFace } from './pdf.ts';

/**
 * A sent quote as a document (issue 25): one renderer for the visitor's printable page and for the
 * PDF (pdf.ts prints this same HTML), so the two can never say different things. The document is a
 * پیش‌فاکتور / pro forma invoice in the quote's own language (the snapshot's: a legal document reads
 * as it was sent, whatever the reader's interface), with Iran's invoice fields for the seller and the
 * buyer, the lines, the totals from the snapshot (never recomputed: the figures are what was sent),
 * the total in words, the terms, the seller's stamp and the first 16 hex digits of the content hash.
 *
 * Self-contained: the fonts are pdf.ts's inlined Vazirmatn and the seller's logo and stamp are read
 * from the media folder and inlined as data: URLs, because the PDF's browser fetches nothing and the
 * page is private (no request that could carry its URL elsewhere). Every text that came from a
 * person (titles, names, terms, notes, charges' labels) is escaped; nothing in the document runs.
 */

type Language = 'fa' | 'en';

export interface QuoteDocumentOptions {
  /** Where the seller's logo and stamp are (config.mediaDir). */
  mediaDir: string;
  /** The version's state; anything but `sent` puts a banner at the top. */
  state?: QuoteVersionState;
  /** true: the PDF (no links, nothing on screen only); false: the visitor's page with its links. */
  forPrint: boolean;
  /** The version's content_hash (the footer's document code); without it, the SHA-256 of the snapshot's JSON. */
  contentHash?: string;
  /** The time zone the dates are written in (config.storeTimeZone); Tehran by default. */
  timeZone?: string;
  /** The page's links (forPrint false): the PDF of this version and the enquiry's page. */
  links?: { pdf?: string; back?: string };
}

const TEXTS = {
  fa: {
    title: 'پیش‌فاکتور',
    reference: 'شماره پیگیری',
    version: 'نسخه',
    sentAt: 'تاریخ صدور',
    validUntil: 'معتبر تا',
    seller: 'فروشنده',
    buyer: 'خریدار',
    name: 'نام',
    economicCode: 'کد اقتصادی',
    nationalIdCompany: 'شناسه ملی',
    nationalIdPerson: 'کد ملی',
    registration: 'شماره ثبت',
    postalCode: 'کد پستی',
    address: 'نشانی',
    phone: 'تلفن',
    none: '—',
    row: 'ردیف',
    description: 'شرح کالا یا خدمت',
    quantity: 'مقدار',
    unitPrice: 'بهای واحد',
    discount: 'تخفیف',
    amount: 'مبلغ',
    subtotal: 'جمع',
    overallDiscount: 'تخفیف روی کل',
    taxable: 'جمع پس از تخفیف و هزینه‌ها',
    vat: (rate: string) => `مالیات بر ارزش افزوده (${rate})`,
    total: 'جمع کل',
    discountsTotal: (amount: string) => `جمع تخفیف‌های این پیش‌فاکتور: ${amount}`,
    inWords: 'مبلغ به حروف',
    validity: 'مدت اعتبار',
    validityValue: (value: string, unit: 'hours' | 'days') => `${value} ${unit === 'days' ? 'روز' : 'ساعت'}`,
    paymentTerms: 'شرایط پرداخت',
    deliveryTerms: 'شرایط تحویل',
    notes: 'توضیحات',
    stamp: 'مهر و امضای فروشنده',
    documentCode: 'کد سند',
    currency: { rial: 'ریال', toman: 'تومان' } satisfies Record<CurrencyDisplay, string>,
    states: {
      expired: 'مهلت اعتبار این پیش‌فاکتور گذشته است و دیگر پذیرفتنی نیست.',
      superseded: 'نسخهٔ تازه‌تری از این پیش‌فاکتور فرستاده شده است؛ این نسخه دیگر معتبر نیست.',
      accepted: 'این پیش‌فاکتور پذیرفته شده است.',
      declined: 'این پیش‌فاکتور رد شده است.',
    } satisfies Record<Exclude<QuoteVersionState, 'sent'>, string>,
    pdf: 'دریافت PDF',
    back: 'بازگشت به درخواست',
    printHint: 'برای چاپ، فرمان چاپ مرورگر را بزنید (Ctrl+P)؛ نوار بالا چاپ نمی‌شود.',
  },
  en: {
    title: 'Pro forma invoice',
    reference: 'Reference',
    version: 'Version',
    sentAt: 'Issued on',
    validUntil: 'Valid until',
    seller: 'Seller',
    buyer: 'Buyer',
    name: 'Name',
    economicCode: 'Economic code',
    nationalIdCompany: 'National ID',
    nationalIdPerson: 'National code',
    registration: 'Registration no.',
    postalCode: 'Postal code',
    address: 'Address',
    phone: 'Phone',
    none: '—',
    row: 'No.',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    discount: 'Discount',
    amount: 'Amount',
    subtotal: 'Subtotal',
    overallDiscount: 'Discount on the whole',
    taxable: 'Total after discounts and charges',
    vat: (rate: string) => `VAT (${rate})`,
    total: 'Total',
    discountsTotal: (amount: string) => `Discounts in this quote: ${amount}`,
    inWords: 'In words',
    validity: 'Valid for',
    validityValue: (value: string, unit: 'hours' | 'days') =>
      `${value} ${unit === 'days' ? (value === '1' ? 'day' : 'days') : value === '1' ? 'hour' : 'hours'}`,
    paymentTerms: 'Payment terms',
    deliveryTerms: 'Delivery terms',
    notes: 'Notes',
    stamp: "Seller's stamp and signature",
    documentCode: 'Document code',
    currency: { rial: 'rials', toman: 'tomans' } satisfies Record<CurrencyDisplay, string>,
    states: {
      expired: 'This quote has expired and can no longer be accepted.',
      superseded: 'A newer version of this quote was sent; this one is no longer valid.',
      accepted: 'This quote was accepted.',
      declined: 'This quote was declined.',
    } satisfies Record<Exclude<QuoteVersionState, 'sent'>, string>,
    pdf: 'Download PDF',
    back: 'Back to your request',
    printHint: "To print, use your browser's print command (Ctrl+P); this bar is not printed.",
  },
} as const;

/** The media files a logo or stamp may be, by extension (the back office's uploads store these). */
const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

/**
 * A media reference (`{hash}.png` or `/media/{hash}.png`, as the upload route answers it) as a data:
 * URL, or undefined when there is none, it is remote (never fetched), names anything outside the media
 * folder, or the file is gone: a document without its logo is better than no document.
 */
async function inlineMedia(ref: string | null, mediaDir: string): Promise<string | undefined> {
  if (!ref) return undefined;
  const name = ref.replace(/^\/?media\//, '');
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) || name.includes('..')) return undefined;
  const type = IMAGE_TYPES[path.extname(name).toLowerCase()];
  if (!type) return undefined;
  try {
    const bytes = await fs.promises.readFile(path.join(mediaDir, name));
    return `data:${type};base64,${bytes.toString('base64')}`;
  } catch {
    return undefined;
  }
}

/** The language's decimal separator («٫» in fa). */
function decimalSeparator(lang: Language): string {
  return (
    numberFormat(lang)
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/** A whole number with the language's digits and thousands separators: ۱٬۲۵۰٬۰۰۰. */
function grouped(value: bigint | number, lang: Language): string {
  return numberFormat(lang).format(value);
}

/**
 * An amount of Rials as the quote shows it: Rials, or Tomans (÷ 10). A remainder that is not a whole
 * Toman is written as a decimal (۱۲٬۳۴۵٫۶), never rounded away: the figures must add up as sent.
 */
function money(rials: number, lang: Language, currency: CurrencyDisplay): string {
  const n = BigInt(rials);
  if (currency === 'rial') return grouped(n, lang);
  const whole = n / RIALS_PER_TOMAN;
  const rest = n % RIALS_PER_TOMAN;
  return rest === 0n
    ? grouped(whole, lang)
    : `${grouped(whole, lang)}${decimalSeparator(lang)}${localDigits(String(rest), lang)}`;
}

/** A canonical quantity ("1250.5") with grouping and the language's digits: ۱٬۲۵۰٫۵. */
function quantity(value: string, lang: Language): string {
  const [whole = '0', fraction] = value.split('.');
  const head = grouped(BigInt(whole), lang);
  return fraction ? `${head}${decimalSeparator(lang)}${localDigits(fraction, lang)}` : head;
}

/** Basis points as a percent: 1000 → ۱۰٪, 950 → 9.5%. */
function percent(basisPoints: number, lang: Language): string {
  const value = numberFormat(lang, { maximumFractionDigits: 2 }).format(basisPoints / 100);
  return lang === 'fa' ? `${value}٪` : `${value}%`;
}

function discountCell(
  discount: QuoteDiscount | null,
  rials: number,
  lang: Language,
  currency: CurrencyDisplay,
) {
  if (!discount || rials === 0) return escape(TEXTS[lang].none);
  const amount = escape(money(rials, lang, currency));
  return discount.kind === 'percent'
    ? `${amount}<br><small>(${escape(percent(discount.basis_points, lang))})</small>`
    : amount;
}

/** Digits written digit by digit (codes, phones), in the language's digits, kept left to right. */
const code = (value: string, lang: Language) => `<bdi dir="ltr">${escape(localDigits(value, lang))}</bdi>`;

/** A list of labelled fields, the empty ones left out. */
function fields(rows: [string, string][]): string {
  const shown = rows.filter(([, html]) => html !== '');
  return shown.length === 0
    ? ''
    : `<dl>${shown.map(([label, html]) => `<dt>${escape(label)}</dt><dd>${html}</dd>`).join('')}</dl>`;
}

/** Text a person wrote: escaped, its line breaks kept, its own direction. */
const prose = (value: string) => (value ? `<span class="prose" dir="auto">${escape(value)}</span>` : '');

function buyerFields(buyer: QuoteBuyer, lang: Language): string {
  const t = TEXTS[lang];
  return fields([
    [t.name, buyer.name ? `<strong dir="auto">${escape(buyer.name)}</strong>` : ''],
    [
      buyer.kind === 'company' ? t.nationalIdCompany : t.nationalIdPerson,
      buyer.national_id ? code(buyer.national_id, lang) : '',
    ],
    [t.economicCode, buyer.economic_code ? code(buyer.economic_code, lang) : ''],
    [t.postalCode, buyer.postal_code ? code(buyer.postal_code, lang) : ''],
    [t.address, prose(buyer.address)],
    [t.phone, buyer.phone ? code(buyer.phone, lang) : ''],
  ]);
}

const STYLE = `
*{box-sizing:border-box}
body{font-family:Vazirmatn,Tahoma,sans-serif;font-size:10pt;line-height:1.6;color:#111;margin:0}
.sheet{max-width:210mm;margin:0 auto;padding:0}
.toolbar{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;padding:.75rem 1rem;margin-bottom:1rem;background:#f1f5f9;border-radius:.375rem;font-size:11pt}
.toolbar a{color:#1d4ed8}
.toolbar .hint{color:#475569;font-size:9pt}
header{display:flex;justify-content:space-between;align-items:flex-start;gap:1rem;border-bottom:2px solid #0b4f8a;padding-bottom:3mm;margin-bottom:4mm}
header h1{margin:0;font-size:18pt;color:#0b4f8a}
header .store{margin:0;font-weight:700}
header img{max-height:22mm;max-width:50mm}
.banner{border:2px solid #b91c1c;color:#b91c1c;background:#fef2f2;padding:2mm 4mm;margin-bottom:4mm;font-weight:700}
.banner.accepted{border-color:#15803d;color:#15803d;background:#f0fdf4}
.parties{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:4mm;margin-bottom:4mm}
.parties section{border:1px solid #bbb;padding:2mm 3mm}
h2{font-size:11pt;margin:0 0 1mm;color:#0b4f8a}
dl{display:grid;grid-template-columns:max-content 1fr;gap:0 3mm;margin:0}
dt{color:#475569}dd{margin:0;overflow-wrap:anywhere}
.meta dl{grid-template-columns:max-content max-content max-content max-content}
table{border-collapse:collapse;width:100%;margin-block:4mm}
th,td{border:1px solid #bbb;padding:1mm 2mm;vertical-align:top}
th{background:#e8eef6;font-weight:700}
td.n{text-align:end;white-space:nowrap}
tr{break-inside:avoid}
.totals{width:100%}.totals td{width:35%}
.totals th{text-align:start;background:none;font-weight:400}
.grand{background:#e8eef6;border:1px solid #bbb;padding:2mm 3mm;margin-bottom:4mm;break-inside:avoid}
.grand p{margin:0}.grand .total{font-size:12pt}
.small{color:#475569;font-size:9pt}
.prose{white-space:pre-wrap;overflow-wrap:anywhere}
.terms dl{grid-template-columns:max-content 1fr}
.stamp{margin-top:6mm;text-align:end}
.stamp img{max-height:35mm;max-width:60mm}
footer{margin-top:6mm;border-top:1px solid #bbb;padding-top:2mm;color:#475569;font-size:9pt}
@page{size:A4;margin:15mm}
@media print{.toolbar{display:none}body{font-size:10pt}}
@media screen{body{padding:1rem}.scroll{overflow-x:auto}.lines td:nth-child(2){min-width:9rem}}
@media screen and (max-width:40rem){body{padding:.5rem}.parties{grid-template-columns:minmax(0,1fr)}.meta dl{grid-template-columns:max-content 1fr}header h1{font-size:15pt}}
`;

/**
 * The quote as a whole HTML document: rtl and lang=fa for a Persian quote, ltr for English. With
 * forPrint false, a bar of links (the PDF, the enquiry's page) shows on screen and is left out when
 * the page is printed from the browser.
 */
export async function renderQuoteHtml(
  snapshot: QuoteSnapshot,
  options: QuoteDocumentOptions,
): Promise<string> {
  const lang: Language = snapshot.language === 'en' ? 'en' : 'fa';
  const t = TEXTS[lang];
  const { draft, totals, seller, buyer } = snapshot;
  const currency: CurrencyDisplay = draft.currency === 'toman' ? 'toman' : 'rial';
  const unit = t.currency[currency];
  const timeZone = options.timeZone ?? 'Asia/Tehran';
  const when = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime())
      ? ''
      : `<time datetime="${escape(date.toISOString())}">${escape(
          dateFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date),
        )}</time>`;
  };
  const m = (rials: number) => escape(money(rials, lang, currency));
  const hash = (
    options.contentHash ?? createHash('sha256').update(JSON.stringify(snapshot)).digest('hex')
  ).slice(0, 16);
  const [logo, stamp] = await Promise.all([
    inlineMedia(seller.logo, options.mediaDir),
    inlineMedia(seller.stamp, options.mediaDir),
  ]);

  const other: Language = lang === 'fa' ? 'en' : 'fa';
  const sellerName = seller.registered_name[lang] || seller.registered_name[other] || snapshot.store.name;
  const sellerAddress = seller.address[lang] || seller.address[other];

  const state = options.state && options.state !== 'sent' ? options.state : undefined;
  const banner = state ? `<p class="banner ${state}" role="status">${escape(t.states[state])}</p>` : '';

  const toolbar =
    options.forPrint || !options.links
      ? ''
      : `<nav class="toolbar">${[
          options.links.back ? `<a href="${escape(options.links.back)}">${escape(t.back)}</a>` : '',
          options.links.pdf ? `<a href="${escape(options.links.pdf)}" download>${escape(t.pdf)}</a>` : '',
          `<span class="hint">${escape(t.printHint)}</span>`,
        ].join('')}</nav>`;

  const lines = draft.lines
    .map((line, index) => {
      const figures = totals.lines[index] ?? { gross: 0, discount: 0, amount: 0 };
      return (
        `<tr><td class="n">${escape(grouped(index + 1, lang))}</td>` +
        `<td dir="auto">${escape(line.title)}</td>` +
        `<td class="n">${escape(quantity(line.quantity, lang))} ${escape(quoteUnitName(line.unit, lang, line.quantity))}</td>` +
        `<td class="n">${m(line.unit_price)}</td>` +
        `<td class="n">${discountCell(line.discount, figures.discount, lang, currency)}</td>` +
        `<td class="n">${m(figures.amount)}</td></tr>`
      );
    })
    .join('');

  const lineDiscounts = totals.discounts_total - totals.discount;
  const totalRows = [
    [t.subtotal, m(totals.subtotal)],
    ...(totals.discount > 0 ? [[t.overallDiscount, m(totals.discount)]] : []),
    ...draft.charges.map((charge) => [charge.label, m(charge.amount)]),
    ...(totals.discount > 0 || totals.charges > 0 ? [[t.taxable, m(totals.taxable)]] : []),
    [t.vat(percent(totals.vat_rate, lang)), m(totals.vat)],
  ]
    .map(
      ([label, value]) =>
        `<tr><th scope="row" dir="auto">${escape(label!)}</th><td class="n">${value}</td></tr>`,
    )
    .join('');

  const terms = fields([
    [
      t.validity,
      escape(t.validityValue(localDigits(String(draft.validity.value), lang), draft.validity.unit)),
    ],
    [t.paymentTerms, prose(draft.payment_terms)],
    [t.deliveryTerms, prose(draft.delivery_terms)],
    [t.notes, prose(draft.notes)],
  ]);

  const title = `${t.title} ${localDigits(snapshot.reference, lang)} — ${t.version} ${localDigits(String(snapshot.number), lang)}`;
  const body = [
    toolbar,
    banner,
    '<header><div>',
    `<h1>${escape(t.title)}</h1>`,
    snapshot.store.name ? `<p class="store">${escape(snapshot.store.name)}</p>` : '',
    '</div>',
    logo ? `<img src="${logo}" alt="">` : '',
    '</header>',
    `<section class="meta">${fields([
      [t.reference, code(snapshot.reference, lang)],
      [t.version, escape(localDigits(String(snapshot.number), lang))],
      [t.sentAt, when(snapshot.sent_at)],
      [t.validUntil, when(snapshot.valid_until)],
    ])}</section>`,
    '<div class="parties">',
    `<section><h2>${escape(t.seller)}</h2>${fields([
      [t.name, sellerName ? `<strong dir="auto">${escape(sellerName)}</strong>` : ''],
      [t.economicCode, seller.economic_code ? code(seller.economic_code, lang) : ''],
      [t.nationalIdCompany, seller.national_id ? code(seller.national_id, lang) : ''],
      [t.registration, seller.registration_number ? code(seller.registration_number, lang) : ''],
      [t.postalCode, seller.postal_code ? code(seller.postal_code, lang) : ''],
      [t.address, prose(sellerAddress)],
      [t.phone, seller.phone ? code(seller.phone, lang) : ''],
    ])}</section>`,
    `<section><h2>${escape(t.buyer)}</h2>${buyerFields(buyer, lang) || escape(t.none)}</section>`,
    '</div>',
    // On a phone's screen the table scrolls sideways rather than squeezing its figures.
    '<div class="scroll"><table class="lines"><thead><tr>',
    `<th>${escape(t.row)}</th><th>${escape(t.description)}</th><th>${escape(t.quantity)}</th>`,
    `<th>${escape(t.unitPrice)} (${escape(unit)})</th><th>${escape(t.discount)} (${escape(unit)})</th>`,
    `<th>${escape(t.amount)} (${escape(unit)})</th>`,
    `</tr></thead><tbody>${lines}</tbody></table></div>`,
    `<table class="totals"><tbody>${totalRows}</tbody></table>`,
    // The total and its words as one full-width block under the table, so that they read (and a PDF
    // reader's text layer extracts them) as one statement: the total, then the same in words.
    '<div class="grand">',
    `<p class="total"><strong>${escape(t.total)}:</strong> <strong>${m(totals.total)} ${escape(unit)}</strong></p>`,
    `<p class="words"><strong>${escape(t.inWords)}:</strong> ${escape(amountInWords(totals.total, lang, currency))}</p>`,
    '</div>',
    lineDiscounts > 0 && totals.discounts_total > 0
      ? `<p class="small">${escape(t.discountsTotal(`${money(totals.discounts_total, lang, currency)} ${unit}`))}</p>`
      : '',
    `<section class="terms">${terms}</section>`,
    stamp
      ? `<div class="stamp"><p class="small">${escape(t.stamp)}</p><img src="${stamp}" alt=""></div>`
      : '',
    `<footer>${escape(t.documentCode)}: <bdi dir="ltr">${escape(hash)}</bdi></footer>`,
  ].join('\n');

  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'fa' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex, nofollow">
<title>${escape(title)}</title>
<style>${vazirmatnFontFace()}${STYLE}</style></head>
<body><div class="sheet">${body}</div></body></html>`;
}

/** The PDF's file name: quote-E-000042-v2.pdf. */
export function quoteFileName(reference: string, number: number): string {
  return `quote-${reference.replace(/[^A-Za-z0-9-]/g, '')}-v${number}.pdf`;
}
