import { ISLAND_FAILURE } from '../app/island-markup.ts';
import { ChunkLoadError } from '../app/lazy-route.ts';
import { ErrorPanel } from './error-panel.tsx';

/** What the note says: a part of the application that could not be loaded. */
const NOT_LOADED = new ChunkLoadError(undefined);

/**
 * What an island that must load at once (`load="load"`) shows when its code cannot be had: the
 * server draws it hidden inside the island, and the islands' loader (src/islands.ts) shows it when
 * the load fails. Its button is a first use of the island like any other press in it: the load is
 * tried again (the loader's), and the island, once loaded, draws itself in its place.
 */
export function IslandFailure() {
  return (
    <div {...{ [ISLAND_FAILURE]: '' }} hidden>
      <ErrorPanel error={NOT_LOADED} onRetry={retryByTheLoader} />
    </div>
  );
}

/** The retry is the islands' loader's (a press in the island loads it again): nothing of its own. */
function retryByTheLoader(): void {}
