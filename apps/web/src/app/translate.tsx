import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type common from '../../public/locales/fa/common.json';
import type news from '../../public/locales/fa/news.json';
import type pages from '../../public/locales/fa/pages.json';
import type product from '../../public/locales/fa/product.json';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from '../lib/languages.ts';

/**
 * The storefront's translations: what the app used of i18next and react-i18next, and nothing more
 * (docs/storefront.md, Bytes). One module for the browser and the server render, so both draw the
 * same words and the page hydrates as the server wrote it. A `Translator` holds the translations by
 * language and namespace (the files of public/locales), the language, and `t`: `namespace:key` or the
 * `ns` option, nested keys, `{{name}}` values, `{{count, number}}` in the language's digits, plurals
 * (`_one`, `_other`: Intl.PluralRules), the default language's text where a key is missing, else the
 * key. The language detection and the fetching of files are app/i18n.ts's.
 */

export const NAMESPACES = ['common', 'pages', 'product', 'news'] as const;

/** The translations, typed from the Persian files (translations.test.ts keeps English in step). */
interface Resources {
  common: typeof common;
  pages: typeof pages;
  product: typeof product;
  news: typeof news;
}
export type Namespace = keyof Resources;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
/** Every key of a translation tree, dotted (`reviews.counter`), plural forms by their base key. */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${WithoutPlural<K>}`
    : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type KeyOf<N extends Namespace> = KeysOf<Resources[N]>;
type PrefixedKey = { [N in Namespace]: `${N}:${KeyOf<N>}` }[Namespace];

/** Values for a text's `{{name}}`s; `count` also picks the plural form, `ns` the namespace. */
export interface TOptions {
  /** A number picks the plural form; a string (digits already formatted) is only written. */
  count?: number | string;
  ns?: Namespace;
  [value: string]: unknown;
}

/** A translator bound to a language and a namespace: keys of that namespace, `ns:key`, or `ns` named. */
export interface TFunction<N extends Namespace = 'common'> {
  (key: KeyOf<N> | PrefixedKey, options?: TOptions & { ns?: N }): string;
  <M extends Namespace>(key: KeyOf<M>, options: TOptions & { ns: M }): string;
}

/** One language's translations, namespace by namespace (a file of public/locales each). */
export type Translations = Record<string, Record<string, unknown>>;

/** Fetches one namespace of one language; undefined when it cannot be had (the texts fall back). */
export type LoadNamespace = (
  language: Language,
  namespace: Namespace,
) => Promise<Translations[string] | undefined>;

type Listener = (language: Language) => void;
/** `t` as written: its typed face is TFunction. */
type Translate = (key: string, options?: TOptions) => string;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, language: string, make: () => T): T {
  let value = cache.get(language);
  if (value === undefined) {
    value = make();
    cache.set(language, value);
  }
  return value;
}

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * `{{name}}` → the value, `{{name, number}}` → the number in the language's digits and grouping (as
 * i18next's Intl formatter wrote it). A value not given leaves its placeholder; one given as
 * undefined is left empty (both as i18next).
 */
function interpolate(text: string, values: TOptions, language: Language): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (placeholder, inner: string) => {
    const [name = '', format] = inner.split(',').map((part) => part.trim());
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    if (value === undefined || value === null) return '';
    if (format === 'number')
      return cached(numberFormats, language, () => new Intl.NumberFormat(language)).format(value as number);
    return String(value as string);
  });
}

export class Translator {
  #language: Language;
  readonly #bundles = new Map<string, Translations[string]>();
  /** Each namespace's load, once per language: a failed one is not tried again (i18next's rule). */
  readonly #loads = new Map<string, Promise<void>>();
  readonly #listeners = new Set<Listener>();
  readonly #fixed = new Map<string, Translate>();
  readonly #load: LoadNamespace | undefined;
  #changingTo: Language | undefined;

  /**
   * `translations` by language, then namespace (what the server put into the page, or what it
   * renders with); `load` fetches what they lack (none on the server: there the texts fall back).
   */
  constructor(language: Language, translations: Record<string, Translations> = {}, load?: LoadNamespace) {
    this.#language = language;
    this.#load = load;
    for (const [lng, namespaces] of Object.entries(translations))
      for (const [ns, tree] of Object.entries(namespaces)) this.#bundles.set(`${lng}|${ns}`, tree);
  }

  get language(): Language {
    return this.#language;
  }

  /** The same as `language` (kept by its i18next name: the language always is a supported one). */
  get resolvedLanguage(): Language {
    return this.#language;
  }

  /** Whether a namespace of a language (the current one by default) is here. */
  hasLoadedNamespace(namespace: Namespace, language: Language = this.#language): boolean {
    return this.#bundles.has(`${language}|${namespace}`);
  }

  /** Brings every namespace of a language and of the default language (its fallback) not here yet. */
  async loadLanguage(language: Language): Promise<void> {
    const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
    await Promise.all(languages.flatMap((lng) => NAMESPACES.map((ns) => this.#loadNamespace(lng, ns))));
  }

  #loadNamespace(language: Language, namespace: Namespace): Promise<void> {
    const key = `${language}|${namespace}`;
    if (this.#bundles.has(key) || !this.#load) return Promise.resolve();
    let loading = this.#loads.get(key);
    if (!loading) {
      loading = this.#load(language, namespace).then((tree) => {
        if (tree === undefined) return;
        this.#bundles.set(key, tree);
        this.#fixed.clear();
      });
      this.#loads.set(key, loading);
    }
    return loading;
  }

  /**
   * Switches to `code`'s language once its translations are here (a failed file leaves its texts
   * to the fallback), then tells the listeners; of switches made while loading, the last one wins.
   */
  async changeLanguage(code: string): Promise<void> {
    const language = toLanguage(code);
    this.#changingTo = language;
    await this.loadLanguage(language);
    if (this.#changingTo !== language) return;
    this.#changingTo = undefined;
    this.#language = language;
    for (const listener of [...this.#listeners]) listener(language);
  }

  /** `languageChanged`: after each `changeLanguage`, with the language. */
  on(_event: 'languageChanged', listener: Listener): void {
    this.#listeners.add(listener);
  }

  off(_event: 'languageChanged', listener: Listener): void {
    this.#listeners.delete(listener);
  }

  /** For useSyncExternalStore: the language is the snapshot. */
  readonly subscribe = (onChange: () => void): (() => void) => {
    const listener = () => onChange();
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getLanguage = (): Language => this.#language;

  /** The text of a key in the current language (the common namespace unless the key or `ns` says). */
  readonly t = ((key, options) =>
    this.translate(this.#language, 'common', key, options)) as Translate as unknown as TFunction;

  /** A `t` bound to a language and a default namespace; the same function until translations change. */
  getFixedT<N extends Namespace>(language: Language, namespace: N): TFunction<N> {
    const key = `${language}|${namespace}`;
    let fixed = this.#fixed.get(key);
    if (!fixed) {
      fixed = (k, options) => this.translate(language, namespace, k, options);
      this.#fixed.set(key, fixed);
    }
    return fixed as unknown as TFunction<N>;
  }

  translate(language: Language, namespace: Namespace, key: string, options: TOptions = {}): string {
    let ns: string = options.ns ?? namespace;
    let path = key;
    const colon = key.indexOf(':');
    if (colon >= 0) {
      ns = key.slice(0, colon);
      path = key.slice(colon + 1);
    }
    const count = options.count;
    for (const lng of language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]) {
      const tree = this.#bundles.get(`${lng}|${ns}`);
      if (tree === undefined) continue;
      let text: unknown;
      if (typeof count === 'number') {
        const form = cached(pluralRules, lng, () => new Intl.PluralRules(lng)).select(count);
        text = lookup(tree, `${path}_${form}`);
      }
      if (typeof text !== 'string') text = lookup(tree, path);
      if (typeof text === 'string') return interpolate(text, options, language);
    }
    return path;
  }
}

const TranslatorContext = createContext<Translator | null>(null);

/** Gives the app its translator (main.tsx, entry-server.tsx, the tests). */
export function TranslationProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext value={i18n}>{children}</TranslatorContext>;
}

/**
 * `t` in the current language with `namespace` as its default, and the translator (`i18n`: the
 * language, `changeLanguage`). The component renders again when the language changes.
 */
export function useTranslation<N extends Namespace = 'common'>(
  namespace?: N,
): { t: TFunction<N>; i18n: Translator } {
  const i18n = use(TranslatorContext);
  if (!i18n) throw new Error('useTranslation: no TranslationProvider above');
  const language = useSyncExternalStore(i18n.subscribe, i18n.getLanguage, i18n.getLanguage);
  return { t: i18n.getFixedT(language, namespace ?? ('common' as N)), i18n };
}
