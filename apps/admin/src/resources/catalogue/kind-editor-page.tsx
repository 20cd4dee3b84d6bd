import type { FieldErrorCode } from '@storefront/contracts';
import type { EntityOf } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { CatalogueEditor, CreationDateField } from '../../components/catalogue-editor.tsx';
import type { EntityFormProps } from '../../components/entity-form.tsx';
import { LatinField, TranslatedField, WholeNumberField } from '../../components/fields.tsx';
import { ImageField, ImageListField } from '../../components/image-field.tsx';
import { EntityPicker } from '../../components/pickers.tsx';
import { TranslatedRichText } from '../../components/rich-text.tsx';
import { Checkbox, Section, TextField } from '../../components/ui.tsx';
import type { OtherKind } from '../../lib/catalogue-api.ts';

interface KindSpec<K extends OtherKind> {
  initial: () => EntityOf<K>;
  validate?: (entity: EntityOf<K>) => Record<string, FieldErrorCode[]>;
  fields: EntityFormProps<EntityOf<K>>['children'];
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
      {(entity, update, field) => (
        <Section title={t('form.details')}>{spec.fields(entity, update, field)}</Section>
      )}
    </CatalogueEditor>
  );
}

function useSpecs() {
  const { t } = useTranslation();
  const collections: KindSpec<'collections'> = {
    initial: () => ({ title: { fa: '' }, footer: false }),
    validate: requireTitle,
    fields: (e, update, field) => (
      <>
        <TranslatedField {...field('title')} required />
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
    fields: (e, update, field) => (
      <>
        <EntityPicker
          kind="collections"
          label={t('fields.collection')}
          value={e.collection || null}
          onChange={(v) => update({ collection: v ?? 0 })}
          path="collection"
        />
        <TranslatedField {...field('title')} required />
        <WholeNumberField
          optional
          {...field('position')}
          hint={t('subcollection.positionHint')}
          className="max-w-xs"
        />
      </>
    ),
  };
  const industries: KindSpec<'industries'> = {
    initial: () => ({ title: { fa: '' }, website: '', phone: null }),
    validate: requireTitle,
    fields: (e, update, field) => (
      <>
        <TranslatedField {...field('title')} required />
        <div className="grid gap-3 md:grid-cols-2">
          <LatinField type="url" {...field('website')} />
          <LatinField
            type="tel"
            {...field('phone')}
            onChange={(v) => update({ phone: v === '' ? null : v })}
          />
        </div>
      </>
    ),
  };
  const tags: KindSpec<'tags'> = {
    initial: () => ({ title: { fa: '' } }),
    validate: requireTitle,
    fields: (_e, _update, field) => <TranslatedField {...field('title')} required />,
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
    fields: (e, update, field) => (
      <>
        <TranslatedField {...field('title')} required />
        <TranslatedRichText {...field('content')} />
        <TranslatedRichText {...field('specific_content')} />
        <CreationDateField value={e.creation_date} onChange={(v) => update({ creation_date: v })} />
        <ImageListField {...field('images')} />
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
          {/* The Persian image is the banner's own (never removed); the English one is optional. */}
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
          <WholeNumberField
            label={t('fields.position')}
            value={e.position ?? 0}
            onChange={(position) => update({ position })}
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
  const specs: { [K in OtherKind]: KindSpec<K> } = useSpecs();
  // Each kind gets its own spec; TypeScript does not follow that pairing through an index.
  return <KindEditor kind={kind} spec={specs[kind] as KindSpec<OtherKind>} />;
}
