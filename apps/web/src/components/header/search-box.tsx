import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../app/translate.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { BASENAME } from '../../app/basename.ts';
import { SearchIcon } from '../icons.tsx';

/**
 * The header search: its button (and Enter) go to /app/products/search/{text}. A plain GET form to
 * /app/products/search?q=, so a search sent before the app hydrates (or without JavaScript) still
 * arrives: that route redirects to the spec's path (routes.tsx). Once hydrated the app navigates.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const id = useId();
  // A language named in the URL goes with a search sent before hydration (no cookie says it yet).
  const lng = useSearchParams()[0].get('lng');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const term = text.trim();
    if (term) void navigate(`/products/search/${encodeURIComponent(term)}`);
  };

  return (
    <form
      role="search"
      action={`${BASENAME}/products/search`}
      method="get"
      onSubmit={onSubmit}
      className="flex min-w-0 items-center rounded-full border border-slate-300 bg-white focus-within:border-sky-700"
    >
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('search.placeholder')}
        className="w-full min-w-0 bg-transparent py-1.5 ps-4 pe-1 text-sm text-slate-900 outline-none placeholder:text-slate-500"
      />
      {lng && <input type="hidden" name="lng" value={lng} />}
      <button
        type="submit"
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
      >
        <SearchIcon />
        <span className="sr-only">{t('search.submit')}</span>
      </button>
    </form>
  );
}
