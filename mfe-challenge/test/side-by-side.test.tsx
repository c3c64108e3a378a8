import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SideBySide, type Side } from '../src/play/SideBySide.tsx';

afterEach(cleanup);

const side = (label: string, name: string, score: number, timeSpent: number): Side => ({ label, name, score, correctAnswers: score / 10, totalQuestions: 10, timeSpent });

describe('the results side by side', () => {
  it('shows 70% as a success and 69% not, and says whole minutes as minutes and seconds, like the quiz results', () => {
    render(<SideBySide left={side('You', 'Asha', 70, 60)} right={side('Challenger', 'Ravi', 60, 125)} winner="friend" />);
    const you = screen.getByRole('region', { name: 'You: Asha' });
    const them = screen.getByRole('region', { name: 'Challenger: Ravi' });
    expect(you.querySelector('.lp-challenge__score--success')?.textContent).toBe('70%');
    expect(them.querySelector('.lp-challenge__score--success')).toBeNull();
    expect(you.querySelector('.lp-visually-hidden')?.textContent).toBe('1 minute 0 seconds');
    expect(them.querySelector('.lp-visually-hidden')?.textContent).toBe('2 minutes 5 seconds');
  });

  it('says Untimed instead of a time for a player in untimed mode (issue 33 §3)', () => {
    render(<SideBySide left={{ ...side('You', 'Asha', 70, 600), untimed: true }} right={side('Challenger', 'Ravi', 70, 125)} winner="tie" />);
    const you = screen.getByRole('region', { name: 'You: Asha' });
    expect(you.textContent).toContain('TimeUntimed');
    expect(you.textContent).not.toContain('10:00');
    expect(screen.getByText('It\u2019s a tie!')).toBeTruthy();
  });
});
