import type {
  AboutUsInput,
  StoreIdentity,
  TeamMemberInput,
  TranslatedText,
} from '@storefront/contracts/catalogue';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { EntityForm } from '../../components/entity-form.tsx';
import { TranslatedField } from '../../components/fields.tsx';
import { ImageField } from '../../components/image-field.tsx';
import { TranslatedRichText } from '../../components/rich-text.tsx';
import { Button, Section, SelectField, TextField } from '../../components/ui.tsx';
import { useFormat } from '../../lib/format.ts';
import { moved } from '../../lib/lists.ts';

/** The about-us page as edited: its content and its team (always a list here). */
type AboutUsEntity = AboutUsInput & { team: TeamMemberInput[] };

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

export function AboutUsPage() {
  const { t } = useTranslation();
  return (
    <EntityForm<AboutUsEntity>
      queryKey={['about-us']}
      load={async () => {
        const page = await api.aboutUs();
        return { ...page, entity: { ...page.entity, team: page.entity.team ?? [] } };
      }}
      initial={() => ({ content: { fa: '' }, team: [] })}
      save={(entity, version) => api.saveAboutUs(version ?? '', cleanAboutUs(entity))}
      heading={t('nav.aboutUs')}
    >
      {(e, update) => (
        <>
          <Section title={t('form.details')}>
            <TranslatedRichText
              label={t('fields.content')}
              value={e.content}
              onChange={(v) => update({ content: v })}
              path="content"
            />
          </Section>
          <TeamField value={e.team} onChange={(team) => update({ team })} />
        </>
      )}
    </EntityForm>
  );
}

const emptyText = (): TranslatedText => ({ fa: '' });

/**
 * The about-us page's team, in the storefront's order: add, remove, move earlier or later (buttons:
 * the focus follows the member moved), each member's name, role and description in Persian and
 * English side by side, and a photo (upload) with its alt text.
 */
export function TeamField({
  value,
  onChange,
}: {
  value: TeamMemberInput[];
  onChange: (team: TeamMemberInput[]) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  /** After a move, a removal or an add: what to focus once the list is drawn again (`new`: the added member's name). */
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (focus === null) return;
    const target =
      focus === 'new'
        ? list.current?.lastElementChild?.querySelector<HTMLElement>('input, textarea')
        : (document.getElementById(focus) as HTMLButtonElement | null);
    if (target && !(target as HTMLButtonElement).disabled) target.focus();
    setFocus(null);
  }, [focus]);

  const control = (index: number, which: 'up' | 'down') => `${id}-member-${index}-${which}`;
  const set = (index: number, member: TeamMemberInput) =>
    onChange(value.map((m, i) => (i === index ? member : m)));
  const move = (from: number, to: number) => {
    const next = moved(value, from, to);
    if (!next) return;
    onChange(next);
    // Keep the focus on the same button of the member that moved; at an end, on the other one.
    const which = to < from ? 'up' : 'down';
    const atEnd = which === 'up' ? to === 0 : to === value.length - 1;
    setFocus(control(to, atEnd ? (which === 'up' ? 'down' : 'up') : which));
  };

  return (
    <Section title={t('team.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('team.hint')}</p>
      {value.length === 0 ? <p className="mb-3 text-slate-700">{t('team.empty')}</p> : null}
      <ol ref={list} className="space-y-4">
        {value.map((member, index) => {
          const n = format.number(index + 1);
          const path = `team.${index}`;
          const photo = member.photo;
          return (
            <li key={index} className="rounded border border-slate-300 bg-slate-50 p-3">
              <fieldset>
                <legend className="mb-2 text-base font-bold">
                  {member.name.fa || member.name.en
                    ? t('team.memberNamed', { n, name: member.name.fa || member.name.en })
                    : t('team.member', { n })}
                </legend>
                <div className="mb-3 flex flex-wrap gap-2">
                  <Button
                    id={control(index, 'up')}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <span aria-hidden="true">↑</span> {t('team.moveUp', { n })}
                  </Button>
                  <Button
                    id={control(index, 'down')}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <span aria-hidden="true">↓</span> {t('team.moveDown', { n })}
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => {
                      onChange(value.filter((_, i) => i !== index));
                      setFocus(`${id}-add`);
                    }}
                  >
                    {t('team.remove', { n })}
                  </Button>
                </div>
                <TranslatedField
                  label={t('team.name', { n })}
                  value={member.name}
                  onChange={(v) => set(index, { ...member, name: v })}
                  path={`${path}.name`}
                  required
                />
                <TranslatedField
                  label={t('team.role', { n })}
                  value={member.role}
                  onChange={(v) => set(index, { ...member, role: v })}
                  path={`${path}.role`}
                />
                <TranslatedField
                  label={t('team.description', { n })}
                  value={member.description}
                  onChange={(v) => set(index, { ...member, description: v })}
                  path={`${path}.description`}
                  multiline
                />
                <ImageField
                  label={t('team.photo', { n })}
                  value={photo?.src}
                  onChange={(ref) => {
                    const { photo: _old, ...rest } = member;
                    set(index, ref ? { ...rest, photo: { ...photo, src: ref } } : rest);
                  }}
                  path={`${path}.photo.src`}
                />
                {photo ? (
                  <TranslatedField
                    label={t('team.photoAlt', { n })}
                    value={photo.alt}
                    onChange={(alt) => set(index, { ...member, photo: { ...photo, alt } })}
                    path={`${path}.photo.alt`}
                  />
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        id={`${id}-add`}
        className="mt-3"
        onClick={() => {
          onChange([...value, { name: emptyText(), role: emptyText(), description: emptyText() }]);
          setFocus('new');
        }}
      >
        {t('team.add')}
      </Button>
    </Section>
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
