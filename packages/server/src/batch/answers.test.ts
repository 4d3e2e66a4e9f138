import { describe, expect, it } from 'vitest';
import { describeJob } from './answers.js';
import type { BatchFileRow, BatchJobRow } from './repository.js';

const created = new Date('2026-11-29T00:00:00Z');
const job: BatchJobRow = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  status: 'pending',
  kind: 'batch',
  options: {},
  priority: 1,
  tier: 'professional',
  createdAt: created,
  completedAt: null,
  keepSeconds: null,
};

function file(position: number, status: string): BatchFileRow {
  return {
    id: `00000000-0000-4000-8000-00000000001${position}`,
    jobId: job.id,
    userId: job.userId,
    position,
    fileName: `f${position}.json`,
    resultName: `f${position}.csv`,
    inputFormat: 'json',
    outputFormat: 'csv',
    originalKey: `o${position}`,
    resultKey: `r${position}`,
    fileSize: 10,
    bytesRead: 0,
    resultSize: null,
    records: null,
    status,
    error: null,
    worker: null,
    attempts: 0,
    heartbeatAt: null,
    startedAt: null,
    completedAt: null,
    quality: null,
    qualityScore: null,
    recordsPath: null,
    leftOut: null,
    duplicateKeys: null,
    loneSurrogates: null,
    appliedPlan: null,
  };
}

describe('a job’s state', () => {
  it('is pending while all its files are', () => {
    expect(describeJob(job, [file(0, 'pending'), file(1, 'pending')]).status).toBe('pending');
  });

  it('is processing once a worker holds one of its files, though its row was read before the worker marked it', () => {
    expect(describeJob(job, [file(0, 'processing'), file(1, 'pending')]).status).toBe('processing');
    expect(describeJob(job, [file(0, 'completed'), file(1, 'pending')]).status).toBe('processing');
  });

  it('is as stored once it has ended, and uploading reads as pending', () => {
    expect(describeJob({ ...job, status: 'cancelled' }, [file(0, 'cancelled')]).status).toBe('cancelled');
    expect(describeJob({ ...job, status: 'uploading' }, [file(0, 'pending')]).status).toBe('pending');
  });
});
