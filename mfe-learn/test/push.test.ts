// Pushed progress (issue 25 §3) goes into the cached progress batches that show its chapters, and nowhere else.
import { QueryClient } from '@tanstack/react-query';
import type { ChapterProgress } from '@lp/contracts';
import { describe, expect, it } from 'vitest';
import { applyPushedProgress, withPushedProgress } from '../src/api/study.ts';
import { learnKeys } from '../src/api/keys.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const progress = (chapterId: string, totalQuestions: number, questionsCorrect: number): ChapterProgress => ({
  chapterId, totalQuestions, questionsCorrect, accuracyPercentage: Math.round((100 * questionsCorrect) / totalQuestions),
  createdAt: '2026-11-01T00:00:00.000Z', firstRevisionAt: null, secondRevisionAt: null, thirdRevisionAt: null,
  revisionStage: 0, revisionDue: false, revisionsDone: 0, nextRevisionAt: null,
});

describe('pushed progress', () => {
  it('replaces the asked chapters whole, adds a first-time chapter, and leaves a batch that did not ask untouched', () => {
    const batch = { [id(1)]: progress(id(1), 4, 2) };
    const pushed = [progress(id(1), 5, 3), progress(id(2), 1, 1), progress(id(9), 2, 2)];
    expect(withPushedProgress(batch, [id(1), id(2)], pushed)).toEqual({ [id(1)]: pushed[0], [id(2)]: pushed[1] });
    expect(withPushedProgress(batch, [id(3)], pushed)).toBe(batch);
    expect(withPushedProgress(undefined, [id(1)], pushed)).toBeUndefined();
  });

  it('updates every cached dashboard batch that shows a pushed chapter', () => {
    const client = new QueryClient();
    const physics = learnKeys.progressBatch([id(1), id(2)]);
    const biology = learnKeys.progressBatch([id(5)]);
    client.setQueryData(physics, { [id(1)]: progress(id(1), 4, 2) });
    client.setQueryData(biology, { [id(5)]: progress(id(5), 1, 0) });
    const biologyBefore = client.getQueryData(biology);
    applyPushedProgress(client, [progress(id(2), 1, 1)]);
    expect(client.getQueryData(physics)).toEqual({ [id(1)]: progress(id(1), 4, 2), [id(2)]: progress(id(2), 1, 1) });
    expect(client.getQueryData(biology)).toBe(biologyBefore);
  });
});
