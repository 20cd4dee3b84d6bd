import type { ProductImage } from '@storefront/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../components/fields.tsx';
import { ImageList } from '../../components/image-list.tsx';

/** A product's images: upload (drop or pick), reorder, alt text per language, remove. */
export function ProductImages({ value, onChange }: FieldProps<ProductImage[]>) {
  const { t } = useTranslation();
  return <ImageList altText label={t('fields.images')} value={value} onChange={onChange} />;
}
