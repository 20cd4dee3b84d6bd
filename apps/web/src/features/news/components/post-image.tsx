import type { Post } from '@storefront/contracts';
import { useTranslation } from '../../../app/translate.tsx';
import { ImagePlaceholderIcon } from '../../../components/icons.tsx';
import { IMAGE_SIZES, ResponsiveImage } from '../../../components/responsive-image.tsx';

/** A post's first image at 16:9 (sized, lazy), or the no-photo placeholder of the same size. */
export function PostImage({ post }: { post: Post }) {
  const { t } = useTranslation('news');
  const image = post.images[0]?.image;
  return image ? (
    <ResponsiveImage
      src={image}
      sizes={IMAGE_SIZES.card}
      alt={t('list.imageAlt', { title: post.title })}
      width={640}
      height={360}
      loading="lazy"
      decoding="async"
      className="aspect-[16/9] h-auto w-full bg-slate-100 object-cover"
    />
  ) : (
    <div className="flex aspect-[16/9] w-full items-center justify-center bg-slate-100 text-slate-600">
      <ImagePlaceholderIcon width={40} height={40} />
    </div>
  );
}
