// Science notation (issue 31 item 10) in a challenge's review: the question, the right answer and the explanation
// show TeX between dollars as MathML, as the quiz does.
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Review } from '../../src/pages/challenge-link/Review.tsx';

afterEach(cleanup);

describe('challenge review with science notation', () => {
  it('shows the question, the right answer and the explanation as MathML', async () => {
    const id = '65a000000000000000000001';
    const { container } = render(
      <Review
        questions={[{ id, text: 'Coulomb force varies as', type: 'multiple_choice', options: ['$1/r$', '$1/r^2$'] }]}
        review={[{ questionId: id, answered: true, isCorrect: false, correctAnswer: '$1/r^2$', correctIndex: 1, explanation: 'Doubling r gives $\\frac{1}{4}$ of F.' }]}
      />,
    );
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(2));
    expect(container.querySelector('msup')!.textContent).toBe('r2');
    expect(container.querySelector('mfrac')!.textContent).toBe('14');
  });
});
