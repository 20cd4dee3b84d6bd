import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Catalogue, ProductInput } from '../../src/modules/catalogue/format.ts';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"><rect width="8" height="6" fill="#b45309"/></svg>';

/**
 * A small store with known content: Arabic letters and Persian digits in titles, a product without
 * supplier or collection, a supplier without phone, a text without English, HTML that needs cleaning.
 */
export function fixtureCatalogue(): Catalogue {
  return {
    format: 'storefront-catalogue/1',
    languages: ['fa', 'en'],
    collections: [
      { id: 1, title: { fa: 'خشکبار', en: 'Nuts' }, footer: true },
      { id: 2, title: { fa: 'صنایع دستی', en: 'Handicrafts' }, footer: false },
      { id: 3, title: { fa: 'خدمات' }, footer: true },
    ],
    subcollections: [
      { id: 10, collection: 1, title: { fa: 'پسته', en: 'Pistachios' } },
      { id: 11, collection: 2, title: { fa: 'فرش دست‌باف', en: 'Handwoven carpets' } },
    ],
    industries: [
      {
        id: 5,
        title: { fa: 'بازرگانی کرمان', en: 'Kerman Trading' },
        website: 'https://kerman.example.ir',
        phone: '03432221100',
      },
      {
        id: 6,
        title: { fa: 'فرش تبریز', en: 'Tabriz Carpets' },
        website: 'https://tabriz.example.ir',
        phone: null,
      },
    ],
    tags: [
      { id: 1, title: { fa: 'صادراتی', en: 'Export' } },
      { id: 2, title: { fa: 'ارگانیک', en: 'Organic' } },
    ],
    products: [
      {
        id: 1,
        // Written with Arabic yeh/kaf on purpose: search must find it with Persian letters.
        title: { fa: 'پسته كرماني اكبري', en: 'Akbari pistachio' },
        short_description: { fa: 'پسته درشت و خندان', en: 'Large open pistachios' },
        preview_description: { fa: 'پیش‌نمایش پسته', en: 'Pistachio preview' },
        description: {
          fa: '<p onclick="alert(1)">پسته <script>alert(1)</script><strong>ممتاز</strong></p>',
          en: '<p>Premium <a href="javascript:alert(1)">pistachio</a></p><iframe src="https://evil.example"></iframe>',
        },
        inventory: 12,
        price_range: { start_price: 1000000, end_price: 2500000, currency_type: 'IRR' },
        industry: 5,
        collection: 1,
        subcollections: [10],
        tags: [1, 2],
        properties: [{ key: { fa: 'وزن', en: 'Weight' }, value: { fa: '۱ کیلوگرم', en: '1 kg' } }],
        images: ['images/pistachio.png', 'https://cdn.example.com/p.jpg'],
        recommend: true,
        tejarat_khareji: true,
        tejarat_dakheli: false,
        khadamat_tejarat: false,
        amouzesh_tejarat: false,
        creation_date: '2024-05-01T10:00:00Z',
      },
      {
        id: 2,
        title: { fa: 'فرش دست‌باف تبریز کد ۱۲۳', en: 'Tabriz handwoven carpet code 123' },
        short_description: { fa: 'فرش ابریشم', en: 'Silk carpet' },
        preview_description: { fa: 'فرش', en: 'Carpet' },
        description: { fa: '<p>فرش</p>', en: '<p>Carpet</p>' },
        inventory: 0,
        price_range: { start_price: 50, end_price: 90, currency_type: 'USD' },
        industry: 6,
        collection: 2,
        subcollections: [11],
        tags: [1],
        properties: [],
        images: ['images/carpet.svg'],
        recommend: false,
        tejarat_khareji: false,
        tejarat_dakheli: true,
        khadamat_tejarat: false,
        amouzesh_tejarat: false,
        creation_date: '2024-03-01T10:00:00+03:30',
      },
      {
        id: 3,
        title: { fa: 'مشاوره ترخیص کالا' },
        short_description: { fa: 'خدمات گمرکی' },
        preview_description: { fa: 'ترخیص' },
        description: { fa: '<p>ترخیص</p>' },
        inventory: 3,
        price_range: { start_price: 0, end_price: 0, currency_type: 'IRR' },
        industry: null,
        collection: null,
        subcollections: [],
        tags: [],
        properties: [],
        images: [],
        recommend: true,
        tejarat_khareji: false,
        tejarat_dakheli: false,
        khadamat_tejarat: true,
        amouzesh_tejarat: false,
        creation_date: '2025-01-01T00:00:00Z',
      },
    ],
    posts: [
      {
        id: 1,
        title: { fa: 'خبر اول', en: 'First news' },
        content: { fa: 'خلاصه اول.', en: 'First summary.' },
        specific_content: { fa: '<p>متن اول</p><script>x()</script>', en: '<p>First body</p>' },
        creation_date: '2024-01-01T08:00:00Z',
        images: ['images/carpet.svg'],
      },
      {
        id: 2,
        title: { fa: 'خبر دوم', en: 'Second news' },
        content: { fa: 'خلاصه دوم.', en: 'Second summary.' },
        specific_content: { fa: '<p>متن دوم</p>', en: '<p>Second body</p>' },
        creation_date: '2024-06-01T08:00:00Z',
        images: [],
      },
    ],
    banners: [
      { id: 7, image: 'images/carpet.svg' },
      { id: 3, image: 'images/pistachio.png' },
    ],
    about_us: {
      content: {
        fa: '<h3>درباره ما</h3><p>شرکت بازرگانی</p>',
        en: '<h3>About us</h3><p>A trading company</p>',
      },
    },
    reviews: [
      {
        product: 1,
        name: 'Sara',
        email: 'sara@example.com',
        content: 'Great',
        creation_date: '2024-07-01T09:00:00Z',
      },
      {
        product: 1,
        name: 'رضا',
        email: 'reza@example.com',
        content: 'عالی بود',
        creation_date: '2024-08-01T09:00:00Z',
      },
    ],
  };
}

/** Writes a catalogue (the fixture by default) and its images into a new temp folder; returns the file. */
export function writeCatalogue(catalogue: unknown = fixtureCatalogue()): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-catalogue-'));
  fs.mkdirSync(path.join(dir, 'images'));
  fs.writeFileSync(path.join(dir, 'images', 'pistachio.png'), PNG_1X1);
  fs.writeFileSync(path.join(dir, 'images', 'carpet.svg'), SVG);
  const file = path.join(dir, 'catalogue.json');
  fs.writeFileSync(file, JSON.stringify(catalogue, null, 2));
  return file;
}

/**
 * A new product for the write module, without an id (the database gives one): the fixture's second
 * product under another title, linked to entities no test deletes.
 */
export function newProduct(title: string): Omit<ProductInput, 'id'> {
  const { id: _id, ...rest } = fixtureCatalogue().products[1]!;
  return {
    ...rest,
    title: { fa: `${title} فا`, en: title },
    images: [],
    tags: [2],
    industry: 5,
    collection: 2,
    subcollections: [11],
  };
}
