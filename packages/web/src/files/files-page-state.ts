import type { FileRecord } from '@unnest/contracts';

/** What My Files is doing besides listing: the file whose deletion awaits confirmation, the one downloading. */
export interface FilesPageState {
  deleting: FileRecord | null;
  downloadingId: string | null;
}

export type FilesPageEvent =
  | { type: 'deleteAsked'; file: FileRecord }
  | { type: 'deleteClosed' }
  | { type: 'downloadStarted'; fileId: string }
  | { type: 'downloadSettled' };

export const INITIAL_FILES_PAGE_STATE: FilesPageState = { deleting: null, downloadingId: null };

/** My Files' state after one event (pure: tested without the DOM). */
export function filesPageReducer(state: FilesPageState, event: FilesPageEvent): FilesPageState {
  switch (event.type) {
    case 'deleteAsked':
      return { ...state, deleting: event.file };
    case 'deleteClosed':
      return { ...state, deleting: null };
    case 'downloadStarted':
      return { ...state, downloadingId: event.fileId };
    case 'downloadSettled':
      return { ...state, downloadingId: null };
  }
}
