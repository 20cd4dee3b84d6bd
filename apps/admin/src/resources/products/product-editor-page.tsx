import type { FieldErrorCode } from '@storefront/contracts';
import type { EntityOf } from '@storefront/contracts/admin';
import { useTranslation } from 'react-i18next';
import { CatalogueEditor, CreationDateField } from '../../components/catalogue-editor.tsx';
import { PriceRangeField, TranslatedField, WholeNumberField } from '../../components/fields.tsx';
import { EntityPicker, MultiEntityPicker } from '../../components/pickers.tsx';
import { ProductImages } from './product-images.tsx';
import { PropertiesField } from './properties-field.tsx';
import { TranslatedRichText } from '../../components/rich-text.tsx';
import { Checkbox, Section, SelectField } from '../../components/ui.tsx';

export type ProductEntity = EntityOf<'products'>;

export function newProduct(): ProductEntity {
  return {
    title: { fa: '' },
    short_description: { fa: '' },
    preview_description: { fa: '' },
    description: { fa: '' },
    inventory: 0,
    price_range: { start_price: 0, end_price: 0, currency_type: 'IRR' },
    published: false,
    industry: null,
    collection: null,
    subcollections: [],
    tags: [],
    properties: [],
    images: [],
    recommend: false,
    tejarat_khareji: false,
    tejarat_dakheli: false,
    khadamat_tejarat: false,
    amouzesh_tejarat: false,
    creation_date: new Date().toISOString(),
  };
}

export function validateProduct(p: ProductEntity): Record<string, FieldErrorCode[]> {
  const errors: Record<string, FieldErrorCode[]> = {};
  if (p.title.fa.trim() === '') errors['title.fa'] = ['required'];
  p.properties.forEach((row, i) => {
    if (row.key.fa.trim() === '') errors[`properties.${i}.key.fa`] = ['required'];
  });
  if (p.price_range && p.price_range.end_price < p.price_range.start_price)
    errors['price_range.end_price'] = ['out_of_range'];
  return errors;
}

const FLAGS = [
  'recommend',
  'tejarat_khareji',
  'tejarat_dakheli',
  'khadamat_tejarat',
  'amouzesh_tejarat',
] as const;

export function ProductEditorPage() {
  const { t } = useTranslation();
  return (
    <CatalogueEditor
      kind="products"
      initial={newProduct}
      validate={validateProduct}
      heading={{ new: t('product.new'), edit: t('product.edit') }}
      titleOf={(entity) => entity.title.fa}
      actions={(entity, id) =>
        entity.published !== false ? (
          <a
            href={`/app/product/${id}`}
            target="_blank"
            rel="noreferrer"
            className="rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-sky-900 underline"
          >
            {t('product.preview')}
          </a>
        ) : null
      }
    >
      {(p, update, field) => (
        <>
          <Section title={t('product.sections.texts')}>
            <TranslatedField {...field('title')} required />
            <TranslatedField {...field('short_description')} multiline />
            <TranslatedField {...field('preview_description')} multiline />
            <TranslatedRichText {...field('description')} />
          </Section>
          <Section title={t('product.sections.sale')}>
            <div className="mb-4 grid gap-3 md:grid-cols-3">
              <SelectField
                label={t('fields.published')}
                value={p.published === false ? 'draft' : 'published'}
                onChange={(e) => update({ published: e.target.value === 'published' })}
                path="published"
              >
                <option value="draft">{t('status.draft')}</option>
                <option value="published">{t('status.published')}</option>
              </SelectField>
              <WholeNumberField {...field('inventory')} />
            </div>
            <PriceRangeField value={p.price_range} onChange={(v) => update({ price_range: v })} />
          </Section>
          <Section title={t('product.sections.links')}>
            <div className="grid gap-3 md:grid-cols-2">
              <EntityPicker kind="collections" {...field('collection')} />
              <EntityPicker kind="industries" {...field('industry')} />
              <MultiEntityPicker kind="subcollections" {...field('subcollections')} />
              <MultiEntityPicker kind="tags" {...field('tags')} />
            </div>
          </Section>
          <Section title={t('product.sections.details')}>
            <PropertiesField value={p.properties} onChange={(v) => update({ properties: v })} />
            <ProductImages value={p.images} onChange={(v) => update({ images: v })} />
            <fieldset className="mb-4">
              <legend className="mb-1 font-bold">{t('product.flags')}</legend>
              <div className="grid gap-2 md:grid-cols-2">
                {FLAGS.map((flag) => (
                  <Checkbox
                    key={flag}
                    label={t(`fields.${flag}`)}
                    checked={p[flag]}
                    onChange={(v) => update({ [flag]: v } as Partial<ProductEntity>)}
                    path={flag}
                  />
                ))}
              </div>
            </fieldset>
            <CreationDateField value={p.creation_date} onChange={(v) => update({ creation_date: v })} />
          </Section>
        </>
      )}
    </CatalogueEditor>
  );
}
