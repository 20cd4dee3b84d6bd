import type { FieldErrorCode } from '@storefront/contracts';
import type { EntityOf } from '@storefront/contracts/admin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueEditor } from '../../components/catalogue-editor.tsx';
import { DateField } from '../../components/date-field.tsx';
import { TranslatedField } from '../../components/fields.tsx';
import { ImageField, ImageListField } from '../../components/image-field.tsx';
import { EntityPicker } from '../../components/pickers.tsx';
import { TranslatedRichText } from '../../components/rich-text.tsx';
import { Checkbox, Section, TextField } from '../../components/ui.tsx';
import type { OtherKind } from './entity-list-page.tsx';

type Update<K extends OtherKind> = (patch: Partial<EntityOf<K>>) => void;

interface KindSpec<K extends OtherKind> {
  initial: () => EntityOf<K>;
  validate?: (entity: EntityOf<K>) => Record<string, FieldErrorCode[]>;
  fields: (entity: EntityOf<K>, update: Update<K>) => ReactNode;
}

function requireTitle(entity: { title: { fa: string } }): Record<string, FieldErrorCode[]> {
  return entity.title.fa.trim() === '' ? { 'title.fa': ['required'] } : {};
}

/** One entity of a kind other than products: create, edit, delete. */
function KindEditor<K extends OtherKind>({ kind, spec }: { kind: K; spec: KindSpec<K> }) {
  const { t } = useTranslation();
  return (
    <CatalogueEditor
      kind={kind}
      initial={spec.initial}
      validate={spec.validate}
      heading={{ new: t(`kinds.${kind as string}.new`), edit: t(`kinds.${kind as string}.edit`) }}
      titleOf={(entity, id) => ('title' in entity ? (entity.title as { fa: string }).fa : `#${id}`)}
    >
      {(entity, update) => <Section title={t('form.details')}>{spec.fields(entity, update)}</Section>}
    </CatalogueEditor>
  );
}

function useSpecs() {
  const { t } = useTranslation();
  const title = <K extends OtherKind>(e: { title: EntityOf<'tags'>['title'] }, update: Update<K>) => (
    <TranslatedField
      label={t('fields.title')}
      value={e.title}
      onChange={(v) => update({ title: v } as unknown as Partial<EntityOf<K>>)}
      path="title"
      required
    />
  );
  const collections: KindSpec<'collections'> = {
    initial: () => ({ title: { fa: '' }, footer: false }),
    validate: requireTitle,
    fields: (e, update) => (
      <>
        {title(e, update)}
        <Checkbox
          label={t('fields.footer')}
          checked={e.footer ?? false}
          onChange={(v) => update({ footer: v })}
          path="footer"
        />
      </>
    ),
  };
  const subcollections: KindSpec<'subcollections'> = {
    initial: () => ({ title: { fa: '' }, collection: 0 }),
    validate: (e) => ({ ...requireTitle(e), ...(e.collection ? {} : { collection: ['required'] }) }),
    fields: (e, update) => (
      <>
        <EntityPicker
          kind="collections"
          label={t('fields.collection')}
          value={e.collection || null}
          onChange={(v) => update({ collection: v ?? 0 })}
          path="collection"
        />
        {title(e, update)}
        <TextField
          label={t('fields.position')}
          type="number"
          min={0}
          step="1"
          dir="ltr"
          value={e.position === undefined ? '' : String(e.position)}
          onChange={(v) =>
            update({ position: v.trim() === '' ? undefined : Math.max(0, Math.trunc(Number(v) || 0)) })
          }
          path="position"
          hint={t('subcollection.positionHint')}
          className="max-w-xs"
        />
      </>
    ),
  };
  const industries: KindSpec<'industries'> = {
    initial: () => ({ title: { fa: '' }, website: '', phone: null }),
    validate: requireTitle,
    fields: (e, update) => (
      <>
        {title(e, update)}
        <div className="grid gap-3 md:grid-cols-2">
          <TextField
            label={t('fields.website')}
            type="url"
            dir="ltr"
            value={e.website ?? ''}
            onChange={(v) => update({ website: v })}
            path="website"
            placeholder="https://"
          />
          <TextField
            label={t('fields.phone')}
            type="tel"
            dir="ltr"
            value={e.phone ?? ''}
            onChange={(v) => update({ phone: v === '' ? null : v })}
            path="phone"
          />
        </div>
      </>
    ),
  };
  const tags: KindSpec<'tags'> = {
    initial: () => ({ title: { fa: '' } }),
    validate: requireTitle,
    fields: title,
  };
  const posts: KindSpec<'posts'> = {
    initial: () => ({
      title: { fa: '' },
      content: { fa: '' },
      specific_content: { fa: '' },
      creation_date: new Date().toISOString(),
      images: [],
    }),
    validate: requireTitle,
    fields: (e, update) => (
      <>
        {title(e, update)}
        <TranslatedRichText
          label={t('fields.content')}
          value={e.content}
          onChange={(v) => update({ content: v })}
          path="content"
        />
        <TranslatedRichText
          label={t('fields.specific_content')}
          value={e.specific_content}
          onChange={(v) => update({ specific_content: v })}
          path="specific_content"
        />
        <DateField
          withTime
          label={t('fields.creation_date')}
          value={e.creation_date}
          onChange={(v) => {
            if (v) update({ creation_date: v });
          }}
          path="creation_date"
        />
        <ImageListField label={t('fields.images')} value={e.images} onChange={(v) => update({ images: v })} />
      </>
    ),
  };
  const banners: KindSpec<'banners'> = {
    initial: () => ({ image: '', position: 0 }),
    validate: (e): Record<string, FieldErrorCode[]> =>
      (typeof e.image === 'string' ? e.image : e.image.fa) ? {} : { image: ['required'] },
    fields: (e, update) => {
      const fa = typeof e.image === 'string' ? e.image : e.image.fa;
      const en = typeof e.image === 'string' ? undefined : e.image.en;
      const setImage = (nextFa: string | undefined, nextEn: string | undefined) =>
        update({ image: nextEn ? { fa: nextFa ?? '', en: nextEn } : (nextFa ?? '') });
      return (
        <>
          <ImageField
            label={t('banner.image')}
            value={fa || undefined}
            onChange={(v) => setImage(v, en)}
            path="image"
            removable={false}
          />
          <ImageField
            label={t('banner.imageEn')}
            value={en}
            onChange={(v) => setImage(fa, v)}
            path="image.en"
          />
          <TextField
            label={t('fields.position')}
            type="number"
            min={0}
            step="1"
            dir="ltr"
            value={String(e.position ?? 0)}
            onChange={(v) => update({ position: Math.max(0, Math.trunc(Number(v) || 0)) })}
            path="position"
            hint={t('banner.positionHint')}
            className="max-w-xs"
          />
          <TextField
            label={t('fields.link')}
            dir="ltr"
            value={e.link ?? ''}
            onChange={(v) => update({ link: v.trim() === '' ? null : v.trim() })}
            path="link"
            hint={t('banner.linkHint')}
          />
        </>
      );
    },
  };
  return { collections, subcollections, industries, tags, posts, banners };
}

export function KindEditorPage({ kind }: { kind: OtherKind }) {
  const specs = useSpecs();
  switch (kind) {
    case 'collections':
      return <KindEditor kind={kind} spec={specs.collections} />;
    case 'subcollections':
      return <KindEditor kind={kind} spec={specs.subcollections} />;
    case 'industries':
      return <KindEditor kind={kind} spec={specs.industries} />;
    case 'tags':
      return <KindEditor kind={kind} spec={specs.tags} />;
    case 'posts':
      return <KindEditor kind={kind} spec={specs.posts} />;
    case 'banners':
      return <KindEditor kind={kind} spec={specs.banners} />;
  }
}
