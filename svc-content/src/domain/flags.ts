// Question flags (issue 32 §4), pure. One flag per student per question: its key is (question, student), so a
// second flag from the same student replaces the first instead of counting twice. A question flagged by
// FLAG_HIDE_THRESHOLD distinct students is held back from new quizzes until an admin acts on it.
import type { FlagReason, QueueFlag } from '@lp/contracts';

/** Distinct students whose open flags hold a question back from new quizzes. The one place this number lives. */
export const FLAG_HIDE_THRESHOLD = 3;

/** The unique key of a student's flag on a question: the same student flagging again hits the same record. */
export const flagKey = (questionId: string, userId: string): string => `${questionId}:${userId}`;

/** Whether open flags from this many distinct students hide the question from new quizzes. */
export const hiddenByFlags = (distinctStudents: number): boolean => distinctStudents >= FLAG_HIDE_THRESHOLD;

export interface OpenFlag { questionId: string; userId: string; reason: FlagReason; note: string; flaggedAt: Date }

export interface FlagGroup {
  questionId: string;
  /** Distinct students (records are one per student, so a count of students, not of clicks). */
  count: number;
  hidden: boolean;
  reasons: Partial<Record<FlagReason, number>>;
  flags: QueueFlag[];
  /** The newest flag, for ordering ties. */
  latest: Date;
}

/** The admin queue: open flags grouped by question, most flagged first, then most recently flagged. */
export function groupFlags(flags: readonly OpenFlag[]): FlagGroup[] {
  const groups = new Map<string, { students: Set<string>; reasons: Partial<Record<FlagReason, number>>; flags: OpenFlag[] }>();
  for (const flag of flags) {
    const group = groups.get(flag.questionId) ?? { students: new Set(), reasons: {}, flags: [] };
    // Records are unique per (question, student); a duplicate here would be a read of two versions of one record.
    if (group.students.has(flag.userId)) continue;
    group.students.add(flag.userId);
    group.reasons[flag.reason] = (group.reasons[flag.reason] ?? 0) + 1;
    group.flags.push(flag);
    groups.set(flag.questionId, group);
  }
  return [...groups.entries()].map(([questionId, g]) => {
    const sorted = [...g.flags].sort((a, b) => b.flaggedAt.getTime() - a.flaggedAt.getTime());
    return {
      questionId,
      count: g.students.size,
      hidden: hiddenByFlags(g.students.size),
      reasons: g.reasons,
      flags: sorted.map((f) => ({ reason: f.reason, note: f.note, flaggedAt: f.flaggedAt.toISOString() })),
      latest: sorted[0]!.flaggedAt,
    };
  }).sort((a, b) => b.count - a.count || b.latest.getTime() - a.latest.getTime());
}

/** The questions open flags hold back from new quizzes. */
export function hiddenQuestionIds(flags: ReadonlyArray<Pick<OpenFlag, 'questionId' | 'userId'>>): Set<string> {
  const students = new Map<string, Set<string>>();
  for (const f of flags) students.set(f.questionId, (students.get(f.questionId) ?? new Set()).add(f.userId));
  return new Set([...students].filter(([, s]) => hiddenByFlags(s.size)).map(([id]) => id));
}

/** The notice's id for one closed flag: a retried correction gives the same ids, so each student is told once. */
export const correctionNoticeId = (flagId: string, flaggedAt: Date): string => `corrected:${flagId}:${flaggedAt.getTime()}`;
