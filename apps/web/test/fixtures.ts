import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

let counter = 0;
/** A fresh mobile number for each call (09 + 9 digits), unique within the run. */
export function freshPhone(): string {
  counter += 1;
  return `09${String((Date.now() % 10_000_000) * 100 + (counter % 100))
    .padStart(9, '0')
    .slice(-9)}`;
}

export const apiOrigin = () => inject('apiOrigin');

/** The demo store's identity (apps/server/demo/catalogue.json), which the test server loads. */
type Texts = Record<'fa' | 'en', string>;
interface DemoCatalogue {
  store: { name: Texts; phones: string[] };
  about_us: {
    content: Texts;
    team: { name: Texts; role: Texts; description: Texts; photo?: { src: string; alt: Texts } }[];
  };
}
const demoCatalogue = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../server/demo/catalogue.json'), 'utf8'),
) as DemoCatalogue;

/** The demo store's name in a language: what its identity gives (never a text of the storefront's own). */
export const demoStoreName = (lang: 'fa' | 'en') => demoCatalogue.store.name[lang];

/** The demo store's phones as its identity gives them. */
export const demoStorePhones = () => demoCatalogue.store.phones;

/** The demo store's about-us page (its content and its team, in order). */
export const demoAboutUs = () => demoCatalogue.about_us;
