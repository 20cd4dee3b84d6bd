import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../app/translate.tsx';
import { Link } from 'react-router';
import { useModal, type ModalData } from '../../app/modal-context.tsx';
import { useDirection } from '../../lib/use-language.ts';
import { returnFocusTo } from '../../lib/return-focus.ts';
import { htmlToText, preview } from '../../lib/text.ts';
import { CloseIcon, ImagePlaceholderIcon } from '../icons.tsx';
import { IMAGE_SIZES, ResponsiveImage } from '../responsive-image.tsx';

/** The modal's description preview length (docs/product.md, Constants). */
export const MODAL_PREVIEW = 160;

/**
 * The global modal (docs/product.md, Screens): product and news previews close on the backdrop, the close icon
 * or Escape; showRules closes only through its accept button. Focus is trapped inside and returned to
 * where it was; the page behind does not scroll. Size: full screen below 500 px, reduced up to 1024 px,
 * half the screen above.
 */
export function GlobalModal() {
  const { open, data, closeModal, opener } = useModal();
  const dir = useDirection();
  const rules = data?.type === 'showRules';
  const block = (event: Event) => {
    if (rules) event.preventDefault();
  };

  return (
    <Dialog.Root open={open && data !== null} onOpenChange={(next) => !next && !rules && closeModal()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" data-testid="modal-backdrop" />
        <Dialog.Content
          dir={dir}
          onEscapeKeyDown={block}
          onCloseAutoFocus={returnFocusTo(opener)}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className="fixed inset-0 z-50 m-auto flex h-full w-full flex-col overflow-y-auto bg-white p-5 shadow-2xl min-[500px]:h-fit min-[500px]:max-h-[90vh] min-[500px]:w-[85vw] min-[500px]:rounded-2xl min-[1025px]:w-[50vw]"
        >
          {data?.type === 'showRules' ? <RulesContent /> : data ? <PreviewContent data={data} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RulesContent() {
  const { t } = useTranslation();
  const { acceptRules } = useModal();
  return (
    <>
      <Dialog.Title className="mb-3 text-xl font-bold text-slate-900">{t('modal.rulesTitle')}</Dialog.Title>
      <Dialog.Description className="mb-6 leading-8 text-slate-800">
        {t('modal.rulesText')}
      </Dialog.Description>
      <button
        type="button"
        onClick={acceptRules}
        className="self-start rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900"
      >
        {t('modal.acceptAllTerms')}
      </button>
    </>
  );
}

function PreviewContent({ data }: { data: Exclude<ModalData, { type: 'showRules' }> }) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const item = data.item;
  const image = item.images[0]?.image;
  const short = data.type === 'product' ? data.item.short_description : '';
  const full =
    data.type === 'product'
      ? data.item.preview_description || htmlToText(data.item.description)
      : data.item.content || htmlToText(data.item.specific_content);
  const cut = preview(full, MODAL_PREVIEW);
  const href = `/${data.type}/${item.id}`;
  const tags = data.type === 'product' ? data.item.tags : [];

  return (
    <>
      <div className="mb-3 flex items-start justify-between gap-4">
        <Dialog.Title className="text-xl font-bold text-slate-900">{item.title}</Dialog.Title>
        <Dialog.Close className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100">
          <CloseIcon />
          <span className="sr-only">{t('modal.close')}</span>
        </Dialog.Close>
      </div>
      {image ? (
        <ResponsiveImage
          src={image}
          sizes={IMAGE_SIZES.dialog}
          alt={
            (data.type === 'product' && data.item.images[0]?.alt) ||
            t('modal.imageAlt', { title: item.title })
          }
          width={640}
          height={360}
          className="mb-4 aspect-[16/9] h-auto w-full rounded-xl bg-slate-100 object-cover"
        />
      ) : (
        <div className="mb-4 flex aspect-[16/9] w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 text-slate-600">
          <ImagePlaceholderIcon width={48} height={48} />
          <span>{t('modal.noPhoto')}</span>
        </div>
      )}
      {short && <p className="mb-2 font-medium text-slate-800">{short}</p>}
      <Dialog.Description className="mb-4 leading-7 text-slate-700">
        {cut.text}
        {cut.cut && (
          <>
            {' '}
            <Link to={href} onClick={closeModal} className="text-sky-900 underline underline-offset-4">
              {t('modal.clickForMore')}
            </Link>
          </>
        )}
      </Dialog.Description>
      {tags.length > 0 && (
        <ul aria-label={t('modal.tags')} className="mb-4 flex flex-wrap gap-2">
          {tags.map(({ tag }) => (
            <li key={tag.id} className="rounded-full bg-sky-50 px-3 py-1 text-sm text-sky-900">
              {tag.title}
            </li>
          ))}
        </ul>
      )}
      <Link
        to={href}
        onClick={closeModal}
        className="mt-auto self-start rounded-lg bg-sky-800 px-5 py-2.5 font-semibold text-white hover:bg-sky-900"
      >
        {t('modal.seeMore')}
      </Link>
    </>
  );
}
