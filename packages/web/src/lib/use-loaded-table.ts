import { useEffect, useState } from 'react';
import type { PreviewTable } from './preview-rows';

/** A preview table being made, made, or why it could not be. */
export type LoadedTable =
  | { status: 'loading' }
  | { status: 'ready'; table: PreviewTable }
  | { status: 'failed'; message: string };

/**
 * Loads the preview table of `source` with `load` (a module-level function), again whenever `source` changes;
 * the load of a source no longer shown is aborted (its worker stopped). A null source loads nothing.
 */
export function useLoadedTable<Source>(
  source: Source | null,
  load: (source: Source, signal: AbortSignal) => Promise<PreviewTable>,
): LoadedTable {
  const [state, setState] = useState<LoadedTable>({ status: 'loading' });
  useEffect(() => {
    if (source === null) return;
    const stop = new AbortController();
    setState({ status: 'loading' });
    load(source, stop.signal).then(
      (table) => !stop.signal.aborted && setState({ status: 'ready', table }),
      (error: unknown) =>
        !stop.signal.aborted &&
        setState({
          status: 'failed',
          message: error instanceof Error ? error.message : 'The result could not be read',
        }),
    );
    return () => stop.abort();
  }, [source, load]);
  return state;
}
