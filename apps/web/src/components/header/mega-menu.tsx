import { useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { Link, NavLink } from 'react-router';
import { useCollections } from '../../lib/api/get-collections.ts';
import { useSubcollections } from '../../lib/api/get-subcollections.ts';
import { ChevronDownIcon } from '../icons.tsx';
import { NavDropdownHelper } from './nav-dropdown-helper.tsx';

export const collectionPath = (title: string) => `/collections/search/${encodeURIComponent(title)}`;

/**
 * The products link and its mega-menu: collections on one side, the hovered (or focused)
 * collection's subcollections on the other, and the products of the subcollection in focus. It opens
 * on hover and closes on hover-out; by keyboard the disclosure button beside the link opens it,
 * Tab walks through it, Escape closes it and focus leaving it closes it.
 */
export function ProductsMegaMenu({ linkClassName }: { linkClassName: (active: boolean) => string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [activeCollection, setActiveCollection] = useState<number | null>(null);
  const [activeSubcollection, setActiveSubcollection] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // Fetch on first opening, then keep (and refetch on language change).
  const collections = useCollections({}, { enabled: wanted });
  const subcollections = useSubcollections(undefined, { enabled: wanted });

  const show = () => {
    setWanted(true);
    setOpen(true);
  };
  const hide = () => {
    setOpen(false);
    setActiveSubcollection(null);
  };

  const firstCollection = collections.data?.[0]?.id ?? null;
  const current = activeCollection ?? firstCollection;
  const subs = useMemo(
    () => (subcollections.data ?? []).filter((s) => s.collection.id === current),
    [subcollections.data, current],
  );
  const currentTitle = collections.data?.find((c) => c.id === current)?.title ?? '';
  const activeSubTitle = subs.find((s) => s.id === activeSubcollection)?.title ?? '';

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      hide();
      toggleRef.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) hide();
  };

  return (
    // The wrapper only listens for hover, focus leaving and Escape; its children are the controls.
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
    <div
      ref={rootRef}
      className="flex items-center"
      onMouseEnter={show}
      onMouseLeave={hide}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onClickCapture={(event) => {
        // Following any link inside closes the menu.
        if ((event.target as Element).closest('a')) hide();
      }}
    >
      <NavLink to="/products" end className={({ isActive }) => linkClassName(isActive)}>
        {t('nav.products')}
      </NavLink>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('nav.openCategories')}
        className="inline-flex h-8 w-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
        onClick={(event) => {
          // A pointer already opened it by hovering, so a click keeps it open (a toggle would race the
          // hover); keyboard activation (detail 0) toggles.
          if (event.detail > 0 || !open) show();
          else hide();
        }}
      >
        <ChevronDownIcon className={open ? 'rotate-180 transition-transform' : 'transition-transform'} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-4 top-11 z-40 mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-4 shadow-xl"
      >
        {collections.isPending || subcollections.isPending ? (
          <p className="p-2 text-sm text-slate-600">{t('loading')}</p>
        ) : collections.isError || subcollections.isError ? (
          <p role="alert" className="p-2 text-sm text-red-800">
            {t('nav.categoriesFailed')}
          </p>
        ) : (
          <div className="grid grid-cols-3 gap-4">
            <section aria-labelledby={`${panelId}-collections`}>
              <h2 id={`${panelId}-collections`} className="mb-2 text-xs font-bold text-slate-600">
                {t('nav.categories')}
              </h2>
              <ul className="space-y-1">
                {collections.data.map((collection) => (
                  <li key={collection.id}>
                    <PanelLink
                      title={collection.title}
                      active={collection.id === current}
                      markCurrent
                      onActivate={() => setActiveCollection(collection.id)}
                    />
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby={`${panelId}-subs`}>
              <h2 id={`${panelId}-subs`} className="mb-2 text-xs font-bold text-slate-600">
                {t('nav.subcollections', { name: currentTitle })}
              </h2>
              {subs.length === 0 ? (
                <p className="px-2 text-sm text-slate-600">{t('nav.noSubcollections')}</p>
              ) : (
                <ul className="space-y-1">
                  {subs.map((sub) => (
                    <li key={sub.id}>
                      <PanelLink
                        title={sub.title}
                        active={sub.id === activeSubcollection}
                        onActivate={() => setActiveSubcollection(sub.id)}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-live="polite">
              <NavDropdownHelper
                entries={subs.map((s) => ({
                  id: s.id,
                  products: s.products.map((p) => ({ id: p.id, title: p.title })),
                }))}
                openId={activeSubcollection}
                label={t('nav.productsOf', { name: activeSubTitle })}
              />
            </section>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * A collection or subcollection link of the panel: pointing at it or focusing it makes it the active
 * one (highlighted; the collection's is also aria-current and bold).
 */
function PanelLink({
  title,
  active,
  markCurrent = false,
  onActivate,
}: {
  title: string;
  active: boolean;
  markCurrent?: boolean;
  onActivate: () => void;
}) {
  return (
    <Link
      to={collectionPath(title)}
      aria-current={markCurrent && active ? 'true' : undefined}
      onMouseEnter={onActivate}
      onFocus={onActivate}
      className={`block rounded px-2 py-1 text-sm ${
        active
          ? `bg-sky-100 ${markCurrent ? 'font-semibold ' : ''}text-sky-900`
          : 'text-slate-800 hover:bg-sky-50'
      }`}
    >
      {title}
    </Link>
  );
}
