// @vitest-environment node
import { BATCH_TEXTS, DEFAULT_SETTINGS } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import { batchChoices } from './batch-options';
import type { BatchAllowance } from './batch-selection';
import {
  type BatchWorkspaceState,
  batchStep,
  batchWorkspaceReducer,
  initialBatchWorkspace,
  shownError,
} from './batch-workspace-state';

const PROFESSIONAL: BatchAllowance = { batchSize: 2, fileSizeLimitMb: 1024 };
const json = (name: string) => new File(['[{"a":1}]'], name, { type: 'application/json' });
const start = () => initialBatchWorkspace(batchChoices(undefined));

function offered(state: BatchWorkspaceState, files: File[]): BatchWorkspaceState {
  return batchWorkspaceReducer(state, {
    type: 'files-offered',
    offered: files,
    source: 'selected',
    allowance: PROFESSIONAL,
  });
}

describe('the batch page state', () => {
  it('starts with nothing chosen, no message, no dialog and the default options', () => {
    expect(start()).toEqual({
      files: [],
      selectionError: null,
      actionError: null,
      choices: batchChoices(DEFAULT_SETTINGS),
      dialog: null,
    });
  });

  it("adds offered files within the plan's limits, says why when not, and keeps what was chosen", () => {
    const a = json('a.json');
    const chosen = offered(start(), [a]);
    expect(chosen.files).toEqual([a]);
    const refused = offered({ ...chosen, actionError: 'Download failed' }, [json('b.json'), json('c.json')]);
    expect(refused.files).toEqual([a]);
    expect(refused.selectionError).toBe('Maximum 2 files allowed. Selected 3 files.');
    expect(refused.actionError).toBeNull();
    const fixed = offered(refused, [json('b.json')]);
    expect(fixed.files.map((file) => file.name)).toEqual(['a.json', 'b.json']);
    expect(fixed.selectionError).toBeNull();
    expect(batchWorkspaceReducer(fixed, { type: 'file-removed', file: a }).files.map((f) => f.name)).toEqual([
      'b.json',
    ]);
  });

  it('refuses to start with no file chosen, and empties the selection once the batch has started', () => {
    expect(batchWorkspaceReducer(start(), { type: 'start-asked' }).selectionError).toBe(BATCH_TEXTS.noFiles);
    const chosen = offered(start(), [json('a.json')]);
    const asked = batchWorkspaceReducer({ ...chosen, actionError: 'old' }, { type: 'start-asked' });
    expect(asked.selectionError).toBeNull();
    expect(asked.actionError).toBeNull();
    expect(asked.files).toHaveLength(1);
    expect(batchWorkspaceReducer(asked, { type: 'started' }).files).toEqual([]);
  });

  it('shows the failure of an action until the next one, and View Results drops the files chosen', () => {
    const failed = batchWorkspaceReducer(start(), { type: 'action-failed', message: BATCH_TEXTS.noCompleted });
    expect(failed.actionError).toBe(BATCH_TEXTS.noCompleted);
    expect(batchWorkspaceReducer(failed, { type: 'action-started' }).actionError).toBeNull();
    const viewed = batchWorkspaceReducer(offered(failed, [json('a.json')]), { type: 'job-viewed' });
    expect(viewed.files).toEqual([]);
    expect(viewed.actionError).toBeNull();
  });

  it('Reset clears the files and messages but keeps the options; dialogs open and close', () => {
    const choices = { ...batchChoices(undefined), delimiter: ';' };
    const busy: BatchWorkspaceState = {
      ...offered(start(), [json('a.json')]),
      selectionError: 'x',
      actionError: 'y',
      choices,
    };
    expect(batchWorkspaceReducer(busy, { type: 'reset' })).toEqual({ ...start(), choices });
    const open = batchWorkspaceReducer(start(), { type: 'dialog-opened', dialog: 'history' });
    expect(open.dialog).toBe('history');
    expect(batchWorkspaceReducer(open, { type: 'dialog-closed' }).dialog).toBeNull();
  });

  it('steps from choosing to uploading, following and the results, by the job once there is one', () => {
    expect(batchStep(null, false, 0)).toBe(0);
    expect(batchStep(null, false, 2)).toBe(1);
    expect(batchStep(null, true, 0)).toBe(1);
    expect(batchStep('processing', false, 2)).toBe(2);
    expect(batchStep('completed', false, 0)).toBe(3);
    expect(batchStep('cancelled', false, 0)).toBe(3);
  });

  it("shows the selection's error first, then the last action's, then the upload's", () => {
    const state = { ...start(), selectionError: 'selection', actionError: 'action' };
    expect(shownError(state, 'upload')).toBe('selection');
    expect(shownError({ ...state, selectionError: null }, 'upload')).toBe('action');
    expect(shownError(start(), 'upload')).toBe('upload');
    expect(shownError(start(), null)).toBeNull();
  });
});
