// Question fixtures for the services that receive svc-content's answer keys over NATS (study, challenge): one
// shape, one small biology bank, so a test's content stand-in answers as svc-content would.
import type { AnswerKey } from '@lp/contracts';

export type AnswerKeyInput = Partial<AnswerKey> & Pick<AnswerKey, 'question' | 'correctAnswer'>;

/** `key({ question, correctAnswer, ... })`: a multiple-choice answer key in the given chapter unless told otherwise. */
export function answerKeyMaker(defaults: Pick<AnswerKey, 'chapterId' | 'topicId' | 'subjectId'>, newId: () => string) {
  return (over: AnswerKeyInput): AnswerKey => ({
    questionId: newId(), ...defaults, type: 'multiple_choice', options: [], explanation: '', difficulty: 1, figureReference: null, ...over,
  });
}

/** One question of each kind: multiple choice, true/false, short answer. */
export function biologyQuestions(key: (over: AnswerKeyInput) => AnswerKey) {
  return {
    cell: key({ question: 'Which organelle makes ATP?', options: ['Nucleus', 'Mitochondrion', 'Ribosome', 'Vacuole'], correctAnswer: 'Mitochondrion', explanation: 'Mitochondria run cellular respiration.' }),
    dna: key({ question: 'DNA is double-stranded.', type: 'true_false', options: ['True', 'False'], correctAnswer: 'True', explanation: 'Watson and Crick, 1953.' }),
    enzyme: key({ question: 'Name the enzyme that unwinds DNA.', type: 'short_answer', correctAnswer: 'Helicase', explanation: 'Helicase breaks hydrogen bonds.' }),
  };
}
