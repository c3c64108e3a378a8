import { describe, expect, it } from 'vitest';
import { FLAG_HIDE_THRESHOLD, flagKey, groupFlags, hiddenByFlags, hiddenQuestionIds, type OpenFlag } from '../../src/domain/flags';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
const flag = (questionId: string, userId: string, minute = 0, reason: OpenFlag['reason'] = 'wrong-key', note = ''): OpenFlag => ({ questionId, userId, reason, note, flaggedAt: at(minute) });

describe('question flags (issue 32 §4)', () => {
  it('hides a question from new quizzes at 3 distinct students, not before', () => {
    expect(FLAG_HIDE_THRESHOLD).toBe(3);
    expect(hiddenByFlags(2)).toBe(false);
    expect(hiddenByFlags(3)).toBe(true);
    expect(hiddenQuestionIds([flag('q1', 'a'), flag('q1', 'b'), flag('q2', 'a')])).toEqual(new Set());
    expect(hiddenQuestionIds([flag('q1', 'a'), flag('q1', 'b'), flag('q1', 'c'), flag('q2', 'a')])).toEqual(new Set(['q1']));
  });

  it('counts one flag per student per question: the same student twice is one student', () => {
    expect(flagKey('q1', 'a')).toBe(flagKey('q1', 'a'));
    expect(flagKey('q1', 'a')).not.toBe(flagKey('q1', 'b'));
    expect(hiddenQuestionIds([flag('q1', 'a'), flag('q1', 'a'), flag('q1', 'b')])).toEqual(new Set());
    expect(groupFlags([flag('q1', 'a'), flag('q1', 'a', 1)])[0]!.count).toBe(1);
  });

  it('groups by question with count, reasons and notes, most flagged first', () => {
    const groups = groupFlags([
      flag('q2', 'a', 5, 'typo', 'missing comma'),
      flag('q1', 'a', 1, 'wrong-key', 'C is right'),
      flag('q1', 'b', 2, 'unclear'),
      flag('q1', 'c', 3, 'wrong-key'),
    ]);
    expect(groups.map((g) => [g.questionId, g.count, g.hidden])).toEqual([['q1', 3, true], ['q2', 1, false]]);
    expect(groups[0]!.reasons).toEqual({ 'wrong-key': 2, unclear: 1 });
    expect(groups[0]!.flags.map((f) => f.note)).toEqual(['', '', 'C is right']);
    expect(groups[1]!.flags).toEqual([{ reason: 'typo', note: 'missing comma', flaggedAt: at(5).toISOString() }]);
  });
});
