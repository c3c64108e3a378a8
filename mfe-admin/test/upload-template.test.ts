import { describe, expect, it } from 'vitest';
import { normaliseQuestion } from '@lp/question-rules';
import { hasNotation } from '@lp/question-rules/notation';
import { UPLOAD_TEMPLATE } from '../src/upload/template.ts';

describe('the Raw JSON template', () => {
  const questions = UPLOAD_TEMPLATE.subjects.flatMap((s) => s.chapters.flatMap((c) => c.topics.flatMap((t) => t.questions)));
  it('uploads as it is, and shows the science notation (TeX between dollars) in a question', () => {
    for (const q of questions) expect(normaliseQuestion(q)).toMatchObject({ ok: true });
    const notated = questions.find((q) => hasNotation(q.options?.[0] ?? ''));
    expect(notated?.correctAnswer).toBe('$\\text{C}_6\\text{H}_{12}\\text{O}_6$');
    expect(hasNotation(String(notated?.explanation))).toBe(true);
    expect(hasNotation('write a price as \\$5.')).toBe(false);
  });

  it('shows one bilingual question: its Hindi options, in the same number and order, make the Hindi answer', () => {
    const bilingual = questions.filter((q) => q.hi);
    expect(bilingual).toHaveLength(1);
    const stored = normaliseQuestion(bilingual[0]);
    expect(stored.ok && stored.question.hi).toMatchObject({ question: 'आरंभिक वायुमंडल में कौन-सी गैस नहीं थी?', correctAnswer: 'ऑक्सीजन' });
  });
});
