// The shared quiz presentation (@lp/ui/quiz): what learn's runner and the challenge play screen both show.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MistakeReview, QuizFeedback, QuizProgress, QuizQuestion } from '../src/quiz/index.ts';

afterEach(cleanup);

const options = ['Nucleus', 'Mitochondrion', 'Ribosome'];
const base = { id: 'q', text: 'Powerhouse of the cell?', options, chosen: null, locked: false, onChoose: () => {} };
const card = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)).closest('.lp-quiz-option')!;

describe('QuizQuestion', () => {
  it('shows the question as a heading and its options as labelled radio cards; choosing reports the index', () => {
    const onChoose = vi.fn();
    render(<QuizQuestion {...base} onChoose={onChoose} />);
    expect(screen.getByRole('heading', { name: 'Powerhouse of the cell?' })).toBeTruthy();
    const group = screen.getByRole('radiogroup', { name: 'Powerhouse of the cell?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    fireEvent.click(screen.getByLabelText('Mitochondrion'));
    expect(onChoose).toHaveBeenCalledWith(1);
  });

  it('marks the chosen option; once judged, the correct one and a wrong pick in words as well as colour', () => {
    const { rerender } = render(<QuizQuestion {...base} chosen={0} />);
    expect(card('Nucleus').getAttribute('data-tone')).toBe('chosen');
    expect(card('Mitochondrion').getAttribute('data-tone')).toBe('plain');
    rerender(<QuizQuestion {...base} chosen={0} locked toneOf={(i) => (i === 1 ? 'correct' : i === 0 ? 'wrong' : 'plain')} />);
    expect(card('Nucleus').getAttribute('data-tone')).toBe('wrong');
    expect(card('Nucleus').textContent).toContain('✗ Your answer');
    expect(card('Mitochondrion').textContent).toContain('✓ Correct answer');
    expect((screen.getByLabelText(/^Ribosome/) as HTMLInputElement).disabled).toBe(true);
  });

  it('ignores a choice once locked, and Enter in the options asks to submit', () => {
    const onChoose = vi.fn();
    const onEnter = vi.fn();
    render(<QuizQuestion {...base} chosen={0} locked onChoose={onChoose} onEnter={onEnter} />);
    fireEvent.click(screen.getByLabelText('Nucleus'));
    expect(onChoose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByLabelText('Nucleus'), { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it('shows a labelled text field for a short answer', () => {
    const onType = vi.fn();
    render(<QuizQuestion {...base} shortAnswer options={[]} typed="ATP" onType={onType} />);
    const field = screen.getByLabelText('Your answer') as HTMLInputElement;
    expect(field.value).toBe('ATP');
    fireEvent.change(field, { target: { value: 'ADP' } });
    expect(onType).toHaveBeenCalledWith('ADP');
  });
});

describe('QuizProgress and QuizFeedback', () => {
  it('reports progress as a percentage', () => {
    render(<QuizProgress done={1} total={4} />);
    expect(screen.getByRole('progressbar', { name: 'Quiz progress' }).getAttribute('aria-valuenow')).toBe('25');
  });

  it('says right or wrong with the correct answer and the explanation', () => {
    render(<QuizFeedback tone="wrong" title="Incorrect" correctAnswer="Mitochondrion" explanation="Respiration happens there." />);
    expect(screen.getByText('Incorrect')).toBeTruthy();
    expect(screen.getByText('Mitochondrion').closest('p')!.textContent).toBe('Correct answer: Mitochondrion');
    expect(screen.getByText('Respiration happens there.')).toBeTruthy();
  });
});

describe('MistakeReview', () => {
  it('lists each mistake: the question, the answer given, the correct one and the explanation', () => {
    render(<MistakeReview mistakes={[{ key: 'a', question: 'Powerhouse of the cell?', yourAnswer: 'Nucleus', correctAnswer: 'Mitochondrion', explanation: 'Respiration.' }]} />);
    const item = screen.getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Powerhouse of the cell?' })).toBeTruthy();
    expect(item.textContent).toBe('Powerhouse of the cell?Your answer✗ NucleusCorrect answer✓ MitochondrionExplanationRespiration.');
  });
});

describe('bilingual questions (issue 33 §1)', () => {
  const hi = { question: 'कोशिका का ऊर्जा घर कौन-सा है?', options: ['केन्द्रक', 'माइटोकॉन्ड्रिया', 'राइबोसोम'] };
  const setLang = (lang: string) => { document.documentElement.lang = lang; };
  afterEach(() => setLang('en'));

  it('shows a Hindi student the Hindi question and options; choosing a Hindi option reports its English twin\'s index', () => {
    setLang('hi');
    const onChoose = vi.fn();
    render(<QuizQuestion {...base} hi={hi} onChoose={onChoose} />);
    expect(screen.getByRole('heading', { name: hi.question })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('माइटोकॉन्ड्रिया'));
    expect(onChoose).toHaveBeenCalledWith(1);
    expect(screen.queryByText('Mitochondrion')).toBeNull();
  });

  it('switches one question to the other language with one tap, a pressed toggle reachable by keyboard, and back', () => {
    setLang('hi');
    const { rerender } = render(<QuizQuestion {...base} hi={hi} />);
    const toggle = screen.getByRole('button', { name: 'View in English' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.tabIndex).toBe(0);
    fireEvent.click(toggle);
    expect(screen.getByRole('heading', { name: 'Powerhouse of the cell?' })).toBeTruthy();
    expect(screen.getByLabelText('Mitochondrion')).toBeTruthy();
    const back = screen.getByRole('button', { name: 'हिन्दी में देखें' });
    expect(back.getAttribute('aria-pressed')).toBe('true');
    // The next question starts in the student's language again.
    rerender(<QuizQuestion {...base} text="Site of protein synthesis?" hi={{ question: 'प्रोटीन संश्लेषण का स्थान?', options: hi.options }} />);
    expect(screen.getByRole('heading', { name: 'प्रोटीन संश्लेषण का स्थान?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View in English' }));
    fireEvent.click(screen.getByRole('button', { name: 'हिन्दी में देखें' }));
    expect(screen.getByRole('heading', { name: 'प्रोटीन संश्लेषण का स्थान?' })).toBeTruthy();
  });

  it('shows an English student the English question, with a switch to Hindi; true/false reads सही / गलत in Hindi', () => {
    render(<QuizQuestion {...base} text="The Sun is a star." options={['True', 'False']} hi={{ question: 'सूर्य एक तारा है।', options: [] }} />);
    expect(screen.getByRole('heading', { name: 'The Sun is a star.' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'हिन्दी में देखें' }));
    expect(screen.getByRole('heading', { name: 'सूर्य एक तारा है।' })).toBeTruthy();
    expect(screen.getByLabelText('सही')).toBeTruthy();
    expect(screen.getByLabelText('गलत')).toBeTruthy();
  });

  it('has no switch for an English-only question, and renders notation inside Hindi text', () => {
    setLang('hi');
    const { unmount } = render(<QuizQuestion {...base} />);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    render(<QuizQuestion {...base} hi={{ question: 'एक इलेक्ट्रॉन का आवेश $1.6 \\times 10^{-19}$ C है?', options: hi.options }} />);
    expect(screen.getByRole('heading').textContent).toContain('एक इलेक्ट्रॉन का आवेश');
    expect(screen.getByRole('heading').textContent).not.toContain('$');
  });

  it('gives a Hindi student the Hindi answer and explanation in the feedback and the mistake review', () => {
    setLang('hi');
    render(<QuizFeedback tone="wrong" title="Incorrect" correctAnswer="Mitochondrion" explanation="It makes ATP." hi={{ correctAnswer: 'माइटोकॉन्ड्रिया', explanation: 'यह ATP बनाता है।' }} />);
    expect(screen.getByText('माइटोकॉन्ड्रिया')).toBeTruthy();
    expect(screen.getByText('यह ATP बनाता है।')).toBeTruthy();
    cleanup();
    render(<MistakeReview mistakes={[{ key: 'm', question: 'Powerhouse of the cell?', yourAnswer: 'Nucleus', correctAnswer: 'Mitochondrion', hi: { question: hi.question, yourAnswer: 'केन्द्रक', correctAnswer: 'माइटोकॉन्ड्रिया' } }]} />);
    expect(screen.getByRole('heading', { name: hi.question })).toBeTruthy();
    expect(screen.getByText('केन्द्रक')).toBeTruthy();
  });

  it('labels the answers in Hindi for a Hindi student, even around an English-only question', () => {
    setLang('hi');
    render(<QuizQuestion {...base} chosen={0} locked toneOf={(i) => (i === 0 ? 'wrong' : i === 1 ? 'correct' : 'plain')} />);
    expect(screen.getByText('✗ आपका उत्तर').getAttribute('lang')).toBe('hi');
    expect(screen.getByText('✓ सही उत्तर')).toBeTruthy();
    cleanup();
    render(<QuizFeedback tone="wrong" title="गलत" correctAnswer="Mitochondrion" explanation="It makes ATP." />);
    expect(screen.getByText('Mitochondrion').closest('p')!.textContent).toBe('सही उत्तर: Mitochondrion');
    cleanup();
    render(<MistakeReview mistakes={[{ key: 'm', question: 'Powerhouse of the cell?', yourAnswer: 'Nucleus', correctAnswer: 'Mitochondrion', explanation: 'Respiration.' }]} />);
    expect(screen.getByRole('listitem').textContent).toBe('Powerhouse of the cell?आपका उत्तर✗ Nucleusसही उत्तर✓ Mitochondrionव्याख्याRespiration.');
  });
});
