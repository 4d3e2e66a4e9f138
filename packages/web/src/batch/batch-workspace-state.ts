import { BATCH_TEXTS, type BatchStatus, isFinalBatchStatus } from '@unnest/contracts';
import type { ConversionChoices } from '../components/conversion-options';
import { addToSelection, type BatchAllowance, type SelectionSource } from './batch-selection';

/** The dialogs the batch page opens over itself. */
export type BatchDialog = 'details' | 'history' | 'quality';

/** What the batch page itself holds (the job, its upload and analysis are the server's and the hooks'). */
export interface BatchWorkspaceState {
  /** The files chosen for the next batch. */
  files: File[];
  /** Why the last files offered were refused, or that none are chosen. */
  selectionError: string | null;
  /** Why the last action on the job (download, cancel, analysis, view) failed. */
  actionError: string | null;
  /** The JSON to CSV options sent with the batch. */
  choices: ConversionChoices;
  dialog: BatchDialog | null;
}

export type BatchWorkspaceAction =
  | { type: 'files-offered'; offered: File[]; source: SelectionSource; allowance: BatchAllowance }
  | { type: 'file-removed'; file: File }
  | { type: 'choices-changed'; choices: ConversionChoices }
  | { type: 'start-asked' }
  | { type: 'started' }
  | { type: 'action-started' }
  | { type: 'action-failed'; message: string }
  | { type: 'job-viewed' }
  | { type: 'reset' }
  | { type: 'dialog-opened'; dialog: BatchDialog }
  | { type: 'dialog-closed' };

/** The page before anything is chosen, with these options (the saved settings', once they arrive). */
export function initialBatchWorkspace(choices: ConversionChoices): BatchWorkspaceState {
  return { files: [], selectionError: null, actionError: null, choices, dialog: null };
}

/** The batch page's state after an action. */
export function batchWorkspaceReducer(state: BatchWorkspaceState, action: BatchWorkspaceAction): BatchWorkspaceState {
  switch (action.type) {
    case 'files-offered': {
      const outcome = addToSelection(state.files, action.offered, action.source, action.allowance);
      return outcome.ok
        ? { ...state, files: outcome.files, selectionError: null, actionError: null }
        : { ...state, selectionError: outcome.error, actionError: null };
    }
    case 'file-removed':
      return { ...state, files: state.files.filter((kept) => kept !== action.file) };
    case 'choices-changed':
      return { ...state, choices: action.choices };
    case 'start-asked':
      // Upload & Process with nothing chosen says so; otherwise the upload starts with no message shown.
      return { ...state, actionError: null, selectionError: state.files.length === 0 ? BATCH_TEXTS.noFiles : null };
    case 'started':
      return { ...state, files: [] };
    case 'action-started':
      return { ...state, actionError: null };
    case 'action-failed':
      return { ...state, actionError: action.message };
    case 'job-viewed':
      return { ...state, files: [], actionError: null };
    case 'reset':
      return { ...state, files: [], selectionError: null, actionError: null };
    case 'dialog-opened':
      return { ...state, dialog: action.dialog };
    case 'dialog-closed':
      return { ...state, dialog: null };
  }
}

/** The step the stepper shows: choosing, uploading (or files chosen), following the job, or its results. */
export function batchStep(jobStatus: BatchStatus | null, uploading: boolean, chosenFiles: number): number {
  if (jobStatus !== null) return isFinalBatchStatus(jobStatus) ? 3 : 2;
  return uploading || chosenFiles > 0 ? 1 : 0;
}

/** The one error the page shows: the selection's, then the last action's, then the upload's. */
export function shownError(state: BatchWorkspaceState, startError: string | null): string | null {
  return state.selectionError ?? state.actionError ?? startError;
}
