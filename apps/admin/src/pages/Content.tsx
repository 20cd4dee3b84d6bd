import type { AboutUsInput, StoreIdentity, TranslatedText } from '@storefront/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { api } from '../api.ts';
import { EntityForm } from '../components/EntityForm.tsx';
import { TranslatedField } from '../components/fields.tsx';
import { ImageField } from '../components/ImageField.tsx';
import { TranslatedRichText } from '../components/RichText.tsx';
import { Section, SelectField, TextField } from '../components/ui.tsx';

export function AboutUsPage() {
  const { t } = useTranslation();
  return (
    <EntityForm<AboutUsInput>
      queryKey={['about-us']}
      load={api.aboutUs}
      initial={() => ({ content: { fa: '' } })}
      save={(entity, version) => api.saveAboutUs(version ?? '', entity)}
      heading={t('nav.aboutUs')}
    >
      {(e, update) => (
        <Section title={t('form.details')}>
          <TranslatedRichText
            label={t('fields.content')}
            value={e.content}
            onChange={(v) => update({ content: v })}
            path="content"
          />
        </Section>
      )}
    </EntityForm>
  );
}

export const SOCIAL = [
  'instagram',
  'telegram',
  'whatsapp',
  'bale',
  'eitaa',
  'aparat',
  'linkedin',
  'youtube',
] as const;

function cleanText(value: TranslatedText | undefined): TranslatedText | undefined {
  if (!value) return undefined;
  const out: TranslatedText = { fa: value.fa.trim() };
  for (const [k, v] of Object.entries(value)) if (k !== 'fa' && v && v.trim()) out[k] = v.trim();
  return out.fa === '' && Object.keys(out).length === 1 ? undefined : out;
}

/** The store's identity without its empty parts (the server takes every part as optional, none empty). */
export function cleanStore(store: StoreIdentity): StoreIdentity {
  const out: StoreIdentity = {};
  const name = cleanText(store.name);
  if (name) out.name = name;
  const description = cleanText(store.description);
  if (description) out.description = description;
  const address = cleanText(store.address);
  if (address) out.address = address;
  const hours = cleanText(store.hours);
  if (hours) out.hours = hours;
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

export function StorePage() {
  const { t } = useTranslation();
  return (
    <EntityForm<StoreIdentity>
      queryKey={['store']}
      load={api.store}
      initial={() => ({})}
      save={(entity, version) => api.saveStore(version ?? '', cleanStore(entity))}
      heading={t('nav.store')}
    >
      {(s, update) => (
        <>
          <Section title={t('store.identity')}>
            <TranslatedField
              label={t('store.name')}
              value={s.name}
              onChange={(v) => update({ name: v })}
              path="name"
            />
            <TranslatedField
              label={t('store.description')}
              value={s.description}
              onChange={(v) => update({ description: v })}
              path="description"
              multiline
            />
            <div className="grid gap-3 md:grid-cols-2">
              <ImageField
                label={t('store.logo')}
                value={s.logo}
                onChange={(v) => update({ logo: v })}
                path="logo"
              />
              <ImageField
                label={t('store.favicon')}
                value={s.favicon}
                onChange={(v) => update({ favicon: v })}
                path="favicon"
              />
            </div>
            <SelectField
              label={t('store.priceDisplay')}
              value={s.price_display ?? ''}
              onChange={(e) =>
                update({ price_display: (e.target.value || undefined) as StoreIdentity['price_display'] })
              }
              path="price_display"
              className="max-w-xs"
            >
              <option value="">{t('store.default')}</option>
              <option value="IRR">{t('currency.IRR')}</option>
              <option value="IRT">{t('currency.IRT')}</option>
            </SelectField>
          </Section>
          <Section title={t('store.contact')}>
            <div className="grid gap-3 md:grid-cols-2">
              <TextField
                label={t('store.phones')}
                multiline
                rows={3}
                dir="ltr"
                value={(s.phones ?? []).join('\n')}
                onChange={(v) => update({ phones: v.split('\n') })}
                path="phones"
                hint={t('store.phonesHint')}
              />
              <TextField
                label={t('signIn.email')}
                type="email"
                dir="ltr"
                value={s.email ?? ''}
                onChange={(v) => update({ email: v })}
                path="email"
              />
              <TextField
                label={t('store.mapUrl')}
                type="url"
                dir="ltr"
                value={s.map_url ?? ''}
                onChange={(v) => update({ map_url: v })}
                path="map_url"
                placeholder="https://"
              />
            </div>
            <TranslatedField
              label={t('store.address')}
              value={s.address}
              onChange={(v) => update({ address: v })}
              path="address"
              multiline
            />
            <TranslatedField
              label={t('store.hours')}
              value={s.hours}
              onChange={(v) => update({ hours: v })}
              path="hours"
              multiline
            />
          </Section>
          <Section title={t('store.social')}>
            <div className="grid gap-3 md:grid-cols-2">
              {SOCIAL.map((key) => (
                <TextField
                  key={key}
                  label={t(`social.${key}`)}
                  type="url"
                  dir="ltr"
                  value={s.social?.[key] ?? ''}
                  onChange={(v) => update({ social: { ...s.social, [key]: v } })}
                  path={`social.${key}`}
                  placeholder="https://"
                />
              ))}
            </div>
          </Section>
        </>
      )}
    </EntityForm>
  );
}
