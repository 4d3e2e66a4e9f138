// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type BatchAnalysisState, batchAnalysisReducer, INITIAL_BATCH_ANALYSIS } from './batch-analysis-state';

describe('the batch analyses state', () => {
  it('spins the buttons of the files being analysed, and Analyze All while it runs', () => {
    const all = batchAnalysisReducer(INITIAL_BATCH_ANALYSIS, {
      type: 'analysis-started',
      fileIds: ['a', 'b'],
      all: true,
    });
    expect([...all.analysing]).toEqual(['a', 'b']);
    expect(all.analysingAll).toBe(true);
    const one = batchAnalysisReducer(all, { type: 'analysis-started', fileIds: ['c'], all: false });
    expect(one.analysingAll).toBe(true);
    const oneDone = batchAnalysisReducer(one, { type: 'analysis-ended', fileIds: ['c'], all: false });
    expect([...oneDone.analysing]).toEqual(['a', 'b']);
    expect(oneDone.analysingAll).toBe(true);
    const allDone = batchAnalysisReducer(oneDone, { type: 'analysis-ended', fileIds: ['a', 'b'], all: true });
    expect(allDone.analysing.size).toBe(0);
    expect(allDone.analysingAll).toBe(false);
  });

  it('lists what could not be analysed from the answer, until closed or reset', () => {
    const answered = batchAnalysisReducer(INITIAL_BATCH_ANALYSIS, {
      type: 'analysis-answered',
      results: [
        { file_id: 'id-people.json', file_name: 'people.json', analysis: null, error: 'File too large to compare' },
        { file_id: 'id-orders.json', file_name: 'orders.json', analysis: null, error: null },
      ],
    });
    expect(answered.problems).toEqual(['people.json: File too large to compare']);
    expect(batchAnalysisReducer(answered, { type: 'problems-cleared' }).problems).toEqual([]);
    const shown: BatchAnalysisState = batchAnalysisReducer(answered, { type: 'file-shown', fileId: 'id-people.json' });
    expect(shown.shownFileId).toBe('id-people.json');
    expect(batchAnalysisReducer(shown, { type: 'reset' })).toMatchObject({ problems: [], shownFileId: null });
  });
});
