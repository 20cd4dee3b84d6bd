import type { StoreIdentity } from '@storefront/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { EntityForm } from '../../components/entity-form.tsx';
import { LatinField, TranslatedField } from '../../components/fields.tsx';
import { ImageField } from '../../components/image-field.tsx';
import { Section, SelectField, TextField } from '../../components/ui.tsx';
import { SOCIAL, storeSource } from './api.ts';

/** The store's identity (owner): name, logo, contact, social links, the price display. */
export function StorePage() {
  const { t } = useTranslation();
  return (
    <EntityForm<StoreIdentity> {...storeSource} initial={() => ({})} heading={t('nav.store')}>
      {(s, update, field) => (
        <>
          <Section title={t('store.identity')}>
            <TranslatedField {...field('name', t('store.name'))} />
            <TranslatedField {...field('description', t('store.description'))} multiline />
            <div className="grid gap-3 md:grid-cols-2">
              <ImageField {...field('logo', t('store.logo'))} />
              <ImageField {...field('favicon', t('store.favicon'))} />
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
              <LatinField type="email" {...field('email', t('signIn.email'))} />
              <LatinField type="url" {...field('map_url', t('store.mapUrl'))} />
            </div>
            <TranslatedField {...field('address', t('store.address'))} multiline />
            <TranslatedField {...field('hours', t('store.hours'))} multiline />
          </Section>
          <Section title={t('store.social')}>
            <div className="grid gap-3 md:grid-cols-2">
              {SOCIAL.map((key) => (
                <LatinField
                  key={key}
                  type="url"
                  label={t(`social.${key}`)}
                  value={s.social?.[key]}
                  onChange={(v) => update({ social: { ...s.social, [key]: v } })}
                  path={`social.${key}`}
                />
              ))}
            </div>
          </Section>
        </>
      )}
    </EntityForm>
  );
}
