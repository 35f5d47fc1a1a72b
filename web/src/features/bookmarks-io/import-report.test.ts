import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../../contract/bookmarks-io.ts';
import { duplicatesSentence, importProgress, skippedReasons } from './import-report.ts';

function job(
  overrides: Omit<Partial<ImportJob>, 'progress'> & { progress?: Partial<ImportJob['progress']> },
): ImportJob {
  const { progress, ...rest } = overrides;
  return {
    id: 1,
    status: 'running',
    phase: 'reading',
    file_name: 'bookmarks.html',
    format: 'netscape',
    format_name: 'Bookmarks HTML file',
    target_collection_id: null,
    duplicates: 'skip',
    progress: {
      bytes_total: 1000,
      bytes_read: 0,
      entries_read: 0,
      to_create: null,
      created: 0,
      ...progress,
    },
    summary: null,
    error: null,
    created_at: '2026-01-15T10:00:00.000Z',
    finished_at: null,
    ...rest,
  };
}

describe('importProgress', () => {
  it('fills the first 60 % while reading, by bytes read', () => {
    expect(importProgress(job({ progress: { bytes_read: 500, entries_read: 1234 } }))).toEqual({
      value: 30,
      step: 'Reading the file: 1,234 entries so far',
      busy: false,
    });
  });

  it('fills the rest while saving, by posts written, busy while none is reported', () => {
    const saving = { phase: 'saving' as const };
    expect(importProgress(job({ ...saving, progress: { to_create: 10_000 } }))).toEqual({
      value: 60,
      step: 'Saving 10,000 bookmarks',
      busy: true,
    });
    expect(
      importProgress(job({ ...saving, progress: { to_create: 10_000, created: 5_000 } })),
    ).toEqual({
      value: 80,
      step: 'Saving: 5,000 of 10,000 bookmarks',
      busy: false,
    });
  });

  it('is full when done, and stands where it stopped when failed', () => {
    expect(importProgress(job({ status: 'done', phase: null })).value).toBe(100);
    const failed = importProgress(
      job({ status: 'failed', phase: null, progress: { to_create: 100, created: 0 } }),
    );
    expect(failed).toMatchObject({ value: 60, busy: false });
  });
});

describe('report sentences', () => {
  it('says why entries were skipped, one line per reason that occurred', () => {
    expect(
      skippedReasons({ total: 4, unsupported_scheme: 3, missing_url: 0, invalid_url: 1 }),
    ).toEqual([
      '3 entries not a web page (javascript:, place:, file: and the like)',
      '1 entry with an incomplete address',
    ]);
  });

  it('says where duplicates were and what happened to them', () => {
    expect(duplicatesSentence({ total: 0, in_target: 0, in_file: 0, kept: false })).toBeNull();
    expect(duplicatesSentence({ total: 3, in_target: 1, in_file: 2, kept: false })).toBe(
      '1 link already in the collection and 2 links repeated in the file: skipped.',
    );
    expect(duplicatesSentence({ total: 2, in_target: 0, in_file: 2, kept: true })).toBe(
      '2 links repeated in the file: imported anyway.',
    );
  });
});
