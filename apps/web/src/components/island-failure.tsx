import { useTranslation } from '../app/translate.tsx';
import { ISLAND_FAILURE } from '../app/island-markup.ts';

/**
 * What an island that must load at once (`load="load"`) shows when its code cannot be had: the
 * server draws it hidden inside the island, and the islands' loader (src/islands.ts) shows it when
 * the load fails. Its button is a first use of the island like any other press in it: the load is
 * tried again, and the island, once loaded, draws itself in its place.
 */
export function IslandFailure() {
  const { t } = useTranslation();
  return (
    <div
      {...{ [ISLAND_FAILURE]: '' }}
      hidden
      role="alert"
      className="my-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900"
    >
      <h2 className="mb-1 text-lg font-bold">{t('errors.title')}</h2>
      <p className="mb-4">{t('errors.chunk')}</p>
      <button
        type="button"
        className="rounded-lg bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900"
      >
        {t('errors.retry')}
      </button>
    </div>
  );
}
