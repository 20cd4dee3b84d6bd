import fs from 'node:fs';
import path from 'node:path';
import { persianDigits } from '@storefront/contracts';
import { CATALOGUE_FORMAT, type Catalogue, type TranslatedText } from './format.ts';

/** A small deterministic PRNG (mulberry32), so a generated store is the same on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS: [string, string][] = [
  ['زعفران', 'saffron'],
  ['پسته', 'pistachio'],
  ['خرما', 'dates'],
  ['فرش', 'carpet'],
  ['چای', 'tea'],
  ['کشمش', 'raisins'],
  ['گردو', 'walnut'],
  ['بادام', 'almond'],
  ['عسل', 'honey'],
  ['کاشی', 'tile'],
  ['فولاد', 'steel'],
  ['مس', 'copper'],
  ['پارچه', 'fabric'],
  ['چرم', 'leather'],
  ['صابون', 'soap'],
  ['برنج', 'rice'],
  ['انجیر', 'fig'],
  ['زیره', 'cumin'],
  ['گلاب', 'rosewater'],
  ['سنگ مرمر', 'marble'],
];
const ADJECTIVES: [string, string][] = [
  ['ممتاز', 'premium'],
  ['صادراتی', 'export-grade'],
  ['ارگانیک', 'organic'],
  ['دست‌باف', 'handwoven'],
  ['صنعتی', 'industrial'],
  ['سنتی', 'traditional'],
  ['فله', 'bulk'],
  ['بسته‌بندی‌شده', 'packaged'],
];
const CITIES: [string, string][] = [
  ['مشهد', 'Mashhad'],
  ['کرمان', 'Kerman'],
  ['تبریز', 'Tabriz'],
  ['اصفهان', 'Isfahan'],
  ['یزد', 'Yazd'],
  ['شیراز', 'Shiraz'],
  ['رفسنجان', 'Rafsanjan'],
  ['کاشان', 'Kashan'],
];
const COLLECTIONS: [string, string][] = [
  ['خشکبار', 'Dried fruit and nuts'],
  ['ادویه و چای', 'Spices and tea'],
  ['صنایع دستی', 'Handicrafts'],
  ['مصالح ساختمانی', 'Building materials'],
  ['فلزات', 'Metals'],
  ['نساجی', 'Textiles'],
  ['خدمات بازرگانی', 'Business services'],
  ['آموزش', 'Training'],
];

const t = (fa: string, en: string): TranslatedText => ({ fa, en });

export interface GenerateOptions {
  products: number;
  seed?: number;
}

/** Makes a synthetic bilingual store of any size, the same for the same options. */
export function generateCatalogue(options: GenerateOptions): Catalogue {
  const rand = random(options.seed ?? 1);
  const pickOne = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const start = Date.parse('2023-01-01T00:00:00Z');

  const collections = COLLECTIONS.map(([fa, en], i) => ({ id: i + 1, title: t(fa, en), footer: i < 5 }));
  const subcollections = collections.flatMap((c, i) =>
    ADJECTIVES.slice(0, 3).map(([fa, en], j) => ({
      id: i * 3 + j + 1,
      collection: c.id,
      title: t(`${c.title.fa} ${fa}`, `${en[0]!.toUpperCase()}${en.slice(1)} ${c.title.en!.toLowerCase()}`),
    })),
  );
  const industries = Array.from({ length: 20 }, (_, i) => {
    const [cityFa, cityEn] = CITIES[i % CITIES.length]!;
    const [nounFa, nounEn] = NOUNS[i % NOUNS.length]!;
    return {
      id: i + 1,
      title: t(
        `بازرگانی ${nounFa} ${cityFa} ${persianDigits(i + 1)}`,
        `${cityEn} ${nounEn} trading ${i + 1}`,
      ),
      website: `https://supplier-${i + 1}.example.ir`,
      phone: i % 4 === 3 ? null : `021${String(88000000 + i * 1013).padStart(8, '0')}`,
    };
  });
  const tags = [...NOUNS, ...ADJECTIVES, ...CITIES].map(([fa, en], i) => ({ id: i + 1, title: t(fa, en) }));
  const tagId = (fa: string) => tags.findIndex((tag) => tag.title.fa === fa) + 1;

  const products: Catalogue['products'] = [];
  for (let i = 1; i <= options.products; i += 1) {
    const [nounFa, nounEn] = pickOne(NOUNS);
    const [adjFa, adjEn] = pickOne(ADJECTIVES);
    const [cityFa, cityEn] = pickOne(CITIES);
    const collection = collections[Math.floor(rand() * collections.length)]!;
    const sub = subcollections.filter((s) => s.collection === collection.id);
    const price = Math.round(rand() * 500 + 1) * 100_000;
    const recommend = rand() < 0.1;
    products.push({
      id: i,
      title: t(
        `${nounFa} ${adjFa} ${cityFa} کد ${persianDigits(i)}`,
        `${adjEn} ${cityEn} ${nounEn}, code ${i}`,
      ),
      short_description: t(
        `${nounFa} ${adjFa} از ${cityFa}، مناسب صادرات و بازار داخلی.`,
        `${adjEn} ${nounEn} from ${cityEn}, for export and the home market.`,
      ),
      preview_description: t(
        `این ${nounFa} ${adjFa} با کیفیت یکنواخت در ${cityFa} تهیه و با بسته‌بندی استاندارد عرضه می‌شود.`,
        `This ${adjEn} ${nounEn} is sourced in ${cityEn} with consistent quality and shipped in standard packaging.`,
      ),
      description: t(
        `<p>${nounFa} ${adjFa} ${cityFa}.</p><ul><li>ارسال به سراسر جهان</li><li>بسته‌بندی سفارشی</li></ul>`,
        `<p>${adjEn} ${nounEn} from ${cityEn}.</p><ul><li>Worldwide shipping</li><li>Custom packaging</li></ul>`,
      ),
      inventory: rand() < 0.15 ? 0 : Math.floor(rand() * 500),
      // One product in twenty is priced on request (services, bulk goods).
      price_range: rand() < 0.05 ? null : { start_price: price, end_price: price * 2, currency_type: 'IRR' },
      industry: rand() < 0.05 ? null : pickOne(industries).id,
      collection: collection.id,
      subcollections: [pickOne(sub).id],
      tags: [...new Set([tagId(nounFa), tagId(adjFa), tagId(cityFa)])],
      properties: [
        { key: t('مبدأ', 'Origin'), value: t(cityFa, cityEn) },
        { key: t('درجه', 'Grade'), value: t(adjFa, adjEn) },
      ],
      images: [`images/product-${i % 6}.svg`],
      recommend,
      tejarat_khareji: recommend && i % 4 === 0,
      tejarat_dakheli: recommend && i % 4 === 1,
      khadamat_tejarat: recommend && i % 4 === 2,
      amouzesh_tejarat: recommend && i % 4 === 3,
      creation_date: new Date(start + i * 3_600_000).toISOString(),
    });
  }

  const posts = Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    title: t(`خبر شماره ${persianDigits(i + 1)} بازار`, `Market news number ${i + 1}`),
    content: t(
      `گزارش کوتاه بازار شماره ${persianDigits(i + 1)}. جزئیات بیشتر در متن خبر آمده است.`,
      `Short market report number ${i + 1}. More details are in the full story.`,
    ),
    specific_content: t(`<p>متن کامل خبر ${persianDigits(i + 1)}.</p>`, `<p>Full story number ${i + 1}.</p>`),
    creation_date: new Date(start + i * 86_400_000 * 7).toISOString(),
    images: [`images/news-${i % 3}.svg`],
  }));
  const reviews = Array.from({ length: Math.min(Math.floor(options.products / 5), 5000) }, (_, i) => ({
    product: 1 + Math.floor(rand() * options.products),
    name: i % 2 === 0 ? 'سارا' : 'Reza',
    email: `buyer${i}@example.com`,
    content: i % 2 === 0 ? 'کیفیت عالی و ارسال به‌موقع.' : 'Good quality, shipped on time.',
    creation_date: new Date(start + i * 600_000).toISOString(),
  }));

  return {
    format: CATALOGUE_FORMAT,
    languages: ['fa', 'en'],
    collections,
    subcollections,
    industries,
    tags,
    products,
    posts,
    banners: [0, 1, 2].map((i) => ({ id: i + 1, image: `images/banner-${i}.svg` })),
    about_us: {
      content: t(
        '<p>یک فروشگاه آزمایشی ساخته‌شده برای آزمون.</p>',
        '<p>A synthetic store made for testing.</p>',
      ),
    },
    reviews,
  };
}

const COLOURS = ['#b45309', '#047857', '#1d4ed8', '#9d174d', '#6d28d9', '#0f766e'];

function svg(width: number, height: number, colour: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width * 0.7}" cy="${height * 0.4}" r="${height * 0.25}" fill="#ffffff" fill-opacity="0.15"/>
<text x="${width / 2}" y="${height * 0.85}" font-family="sans-serif" font-size="${Math.round(height / 12)}" fill="#ffffff" text-anchor="middle">${label}</text>
</svg>
`;
}

/** Writes `DIR/catalogue.json` and its images. Returns the catalogue file's path. */
export async function writeGeneratedStore(dir: string, options: GenerateOptions): Promise<string> {
  const catalogue = generateCatalogue(options);
  const images = path.join(dir, 'images');
  await fs.promises.mkdir(images, { recursive: true });
  for (let i = 0; i < 6; i += 1) {
    await fs.promises.writeFile(
      path.join(images, `product-${i}.svg`),
      svg(800, 600, COLOURS[i]!, `Product ${i + 1}`),
    );
  }
  for (let i = 0; i < 3; i += 1) {
    await fs.promises.writeFile(
      path.join(images, `news-${i}.svg`),
      svg(1200, 675, COLOURS[i + 2]!, `News ${i + 1}`),
    );
    await fs.promises.writeFile(
      path.join(images, `banner-${i}.svg`),
      svg(1600, 500, COLOURS[i]!, `Banner ${i + 1}`),
    );
  }
  const file = path.join(dir, 'catalogue.json');
  await fs.promises.writeFile(file, JSON.stringify(catalogue));
  return file;
}
