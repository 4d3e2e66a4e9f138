import type { FileRecord } from '@unnest/contracts';
import { useReducer } from 'react';
import { useDownloadFile } from '../lib/api/download-file';
import { useSubscription } from '../lib/api/get-subscription';
import { useDeleteFile } from './api/delete-file';
import { useFiles } from './api/get-files';
import { filesPageReducer, INITIAL_FILES_PAGE_STATE } from './files-page-state';

/** My Files' list, downloads and deletions, over the pure reducer of `files-page-state.ts`. */
export function useFilesPage() {
  const files = useFiles();
  const download = useDownloadFile();
  const remove = useDeleteFile();
  const subscription = useSubscription();
  const [state, dispatch] = useReducer(filesPageReducer, INITIAL_FILES_PAGE_STATE);
  // A plan without the comparison pays one conversion credit for it.
  const compareLabel = `Compare with AI analysis${subscription.data?.is_premium === false ? ' (1 credit)' : ''}`;

  function startDownload(file: FileRecord) {
    dispatch({ type: 'downloadStarted', fileId: file.fileId });
    download.mutate(
      { fileId: file.fileId, name: file.filename, original: file.status === 'uploaded' },
      { onSettled: () => dispatch({ type: 'downloadSettled' }) },
    );
  }

  function askDelete(file: FileRecord) {
    remove.reset();
    dispatch({ type: 'deleteAsked', file });
  }

  function confirmDelete() {
    if (!state.deleting) return;
    remove.mutate(state.deleting.fileId, { onSuccess: () => dispatch({ type: 'deleteClosed' }) });
  }

  return {
    files,
    download,
    remove,
    state,
    compareLabel,
    startDownload,
    askDelete,
    confirmDelete,
    cancelDelete: () => dispatch({ type: 'deleteClosed' }),
  };
}
