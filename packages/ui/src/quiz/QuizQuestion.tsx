/**
 * One question's presentation, shared by the learn quiz runner and the challenge play screen: the question, its
 * options as large labelled radio cards, or a text field for a short answer. Colour is never the only cue: a
 * correct option carries "✓ Correct answer", a wrong pick "✗ Your answer".
 */
import { useState, type KeyboardEvent, type Ref } from 'react';
import { hindiOptions, useStudentLanguage, type HindiQuestionText } from './language.ts';
import { QuizText } from './QuizText.tsx';
import { QUIZ_LABELS, type QuizLabels } from './labels.ts';

/** plain; chosen (picked, not judged yet); correct (the right option); wrong (a wrong pick). */
export type OptionTone = 'plain' | 'chosen' | 'correct' | 'wrong';

/** The words beside a judged option (never colour alone). */
const markOf = (tone: OptionTone, labels: QuizLabels): string | undefined =>
  tone === 'correct' ? `✓ ${labels.correctAnswer}` : tone === 'wrong' ? `✗ ${labels.yourAnswer}` : undefined;

export interface QuizQuestionProps {
  /** A unique prefix for the ids and the radio group's name (React's useId). */
  id: string;
  text: string;
  /**
   * The Hindi version of a bilingual question: shown when the student studies in Hindi, with a one-tap switch to the
   * other language for this question. Choosing still reports the option's index, the same in both languages.
   */
  hi?: HindiQuestionText | undefined;
  figureReference?: string | null | undefined;
  /** The question heading takes the focus on a new question (a screen reader reads it). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** A short-answer question shows a text field instead of options. */
  shortAnswer?: boolean;
  options: readonly string[];
  /** The chosen option's index, or null; for a short answer, see `typed`. */
  chosen: number | null;
  /** Each option's look; plain when absent. */
  toneOf?: (index: number) => OptionTone;
  typed?: string;
  /** The short answer's look once judged. */
  typedTone?: 'plain' | 'correct' | 'wrong';
  /** Answer submitted: the options no longer change. */
  locked: boolean;
  onChoose: (index: number) => void;
  onType?: (text: string) => void;
  /** Enter pressed in the options or the field. */
  onEnter?: () => void;
}

export function QuizQuestion(props: QuizQuestionProps) {
  const { id, text, hi, figureReference, headingRef, shortAnswer, options, chosen, toneOf, typed = '', typedTone = 'plain', locked, onChoose, onType, onEnter } = props;
  const questionId = `${id}-question`;
  const student = useStudentLanguage();
  // Which question the learner switched (by its text): a new question starts in the student's language again.
  const [switchedFor, setSwitchedFor] = useState<string | null>(null);
  const switched = switchedFor === text;
  const inHindi = Boolean(hi?.question) && (student === 'hi') !== switched;
  const shownText = inHindi && hi ? hi.question : text;
  const shownOptions = inHindi && hi ? hindiOptions(options, hi) : options;
  const lang = inHindi ? 'hi' : student === 'hi' ? 'en' : undefined;
  // The component's own words are in the student's language, even around a question shown in English.
  const labels = QUIZ_LABELS[student];
  const labelLang = student === 'hi' ? 'hi' : undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!onEnter || event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onEnter();
  };
  return (
    <div lang={lang}>
      <h2 className="lp-quiz__question" id={questionId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        <QuizText text={shownText} />
      </h2>
      {hi?.question && (
        <button type="button" className="lp-quiz__language" aria-pressed={switched} onClick={() => setSwitchedFor(switched ? null : text)}>
          {inHindi ? <span lang="en">View in English</span> : <span lang="hi">हिन्दी में देखें</span>}
        </button>
      )}
      {figureReference && <p className="lp-quiz__figure">
          <span lang={labelLang}>{labels.refersTo}</span>: {figureReference}
        </p>}
      {shortAnswer ? (
        <div className="lp-quiz__short-answer">
          <label htmlFor={`${id}-answer`} lang={labelLang}>
            {labels.yourAnswer}
          </label>
          <input
            id={`${id}-answer`}
            className="lp-quiz__input"
            type="text"
            autoComplete="off"
            value={typed}
            readOnly={locked}
            aria-readonly={locked || undefined}
            aria-describedby={questionId}
            data-tone={typedTone}
            maxLength={2000}
            onChange={(event) => onType?.(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
      ) : (
        <div className="lp-quiz__options" role="radiogroup" aria-labelledby={questionId} onKeyDown={onKeyDown}>
          {shownOptions.map((option, index) => {
            const tone = toneOf?.(index) ?? (chosen === index ? 'chosen' : 'plain');
            return (
              <label key={`${index}-${option}`} className="lp-quiz-option" data-tone={tone} data-locked={locked}>
                <input
                  type="radio"
                  name={`${id}-options`}
                  value={String(index)}
                  checked={chosen === index}
                  disabled={locked && chosen !== index}
                  aria-disabled={locked || undefined}
                  onChange={() => {
                    if (!locked) onChoose(index);
                  }}
                />
                <span className="lp-quiz-option__text"><QuizText text={option} /></span>
                {markOf(tone, labels) && <span className="lp-quiz-option__mark" lang={labelLang}>{markOf(tone, labels)}</span>}
              </label>
            );
          })}
        </div>
      )}
    </div>
  );
}
