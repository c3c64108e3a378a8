// Science notation (issue 31 item 10) in a challenge's review: the question, the right answer and the explanation
// show TeX between dollars as MathML, as the quiz does.
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Review } from '../../src/pages/challenge-link/Review.tsx';

afterEach(cleanup);

describe('challenge review with science notation', () => {
  it('shows the player\'s answer, the right answer and the explanation as MathML', async () => {
    const id = '65a000000000000000000001';
    const { container } = render(
      <Review
        attempt={{
          attemptId: 'a1', attemptKey: 'k1', name: 'Asha', startedAt: '2026-11-27T10:00:00.000Z', index: 1, result: null,
          questions: [{ id, text: 'Coulomb force varies as', type: 'multiple_choice', options: ['$1/r$', '$1/r^2$'] }],
          feedback: { [id]: { given: 0, saved: true } },
        }}
        review={[{ questionId: id, answered: true, isCorrect: false, correctAnswer: '$1/r^2$', correctIndex: 1, explanation: 'Doubling r gives $\\frac{1}{4}$ of F.' }]}
      />,
    );
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(3));
    expect(container.querySelector('msup')!.textContent).toBe('r2');
    expect(container.querySelector('mfrac')!.textContent).toBe('14');
  });
});
