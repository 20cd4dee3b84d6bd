import type { Editable } from '@storefront/contracts/admin';
import type {
  AboutUsInput,
  StoreIdentity,
  TeamMemberInput,
  TranslatedText,
} from '@storefront/contracts/catalogue';
import { request, type Saved } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { socialNetworks } from '@storefront/contracts';

export const storeApi = {
  aboutUs: () => request<Editable<AboutUsInput>>('GET', '/about-us'),
  saveAboutUs: (version: string, entity: AboutUsInput) =>
    request<Saved>('PUT', '/about-us', { body: { version, entity } }),
  store: () => request<Editable<StoreIdentity>>('GET', '/store'),
  saveStore: (version: string, entity: StoreIdentity) =>
    request<Saved>('PUT', '/store', { body: { version, entity } }),
};

/** The about-us page as edited: its content and its team (always a list here). */
export type AboutUsEntity = AboutUsInput & { team: TeamMemberInput[] };

/** The page as the server takes it: a photo's empty alt text left out. */
export function cleanAboutUs(entity: AboutUsEntity): AboutUsEntity {
  return {
    ...entity,
    team: entity.team.map(({ photo, ...member }) => {
      if (!photo) return member;
      const alt = photo.alt && (photo.alt.fa.trim() !== '' || photo.alt.en?.trim()) ? photo.alt : undefined;
      return { ...member, photo: alt ? { src: photo.src, alt } : { src: photo.src } };
    }),
  };
}

/** The about-us page for its form (components/entity-form.tsx): key, loader, save with its version. */
export const aboutUsSource = {
  queryKey: queryKeys.store.aboutUs,
  load: async (): Promise<Editable<AboutUsEntity>> => {
    const page = await storeApi.aboutUs();
    return { ...page, entity: { ...page.entity, team: page.entity.team ?? [] } };
  },
  save: (entity: AboutUsEntity, version: string | undefined) =>
    storeApi.saveAboutUs(version ?? '', cleanAboutUs(entity)),
};

/** The social networks a store may link to, in the footer's order (the storefront's list). */
export const SOCIAL = socialNetworks;

function cleanText(value: TranslatedText | undefined): TranslatedText | undefined {
  if (!value) return undefined;
  const out: TranslatedText = { fa: value.fa.trim() };
  for (const [k, v] of Object.entries(value)) if (k !== 'fa' && v && v.trim()) out[k] = v.trim();
  return out.fa === '' && Object.keys(out).length === 1 ? undefined : out;
}

/** The store's identity without its empty parts (the server takes every part as optional, none empty). */
export function cleanStore(store: StoreIdentity): StoreIdentity {
  const out: StoreIdentity = {};
  for (const key of ['name', 'description', 'address', 'hours'] as const) {
    const text = cleanText(store[key]);
    if (text) out[key] = text;
  }
  if (store.logo) out.logo = store.logo;
  if (store.favicon) out.favicon = store.favicon;
  const phones = (store.phones ?? []).map((p) => p.trim()).filter(Boolean);
  if (phones.length) out.phones = phones;
  if (store.email?.trim()) out.email = store.email.trim();
  if (store.map_url?.trim()) out.map_url = store.map_url.trim();
  const social: NonNullable<StoreIdentity['social']> = {};
  for (const key of SOCIAL) {
    const v = store.social?.[key]?.trim();
    if (v) social[key] = v;
  }
  if (Object.keys(social).length) out.social = social;
  if (store.price_display) out.price_display = store.price_display;
  return out;
}

/** The store's identity for its form: key, loader, save (its empty parts left out) with its version. */
export const storeSource = {
  queryKey: queryKeys.store.identity,
  load: storeApi.store,
  save: (entity: StoreIdentity, version: string | undefined) =>
    storeApi.saveStore(version ?? '', cleanStore(entity)),
};
