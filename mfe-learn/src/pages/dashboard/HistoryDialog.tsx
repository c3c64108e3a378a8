import { useRef, useState } from 'react';
import type { ChapterHistory, QuizMode } from '@lp/contracts';
import { Button, Dialog, DialogClose, DialogContent, ErrorState, LoadingStatus, preloadDialog, Skeleton } from '@lp/ui';
import { useChapterHistory } from '../../api/index.ts';
import { SessionWrongAnswers } from '../quiz/SessionWrongAnswers.tsx';
import { historyTone } from './card-rules.ts';
import { useFormat } from '@lp/web-platform/format';
import { en, useT } from '../../i18n/dashboard/index.ts';

const QUIZ_TYPE_LABEL = {
  sample: 'dashboard.kindSample',
  topic: 'dashboard.kindTopic',
  full: 'dashboard.kindFull',
  mistakes: 'dashboard.kindMistakes',
  'subject-mistakes': 'dashboard.kindSubjectMistakes',
  review: 'dashboard.kindReview',
} as const satisfies Record<QuizMode, keyof typeof en>;

/** A score coloured at 80 and 60 percent (spec §9), with the words for it too. */
export function Score({ percentage, score, total }: { percentage: number; score: number; total: number }) {
  const tone = historyTone(percentage);
  return (
    <span className={`lp-score lp-score--${tone}`} data-tone={tone}>
      {Math.round(percentage)}%<span className="lp-score__detail"> ({score}/{total})</span>
    </span>
  );
}

type HistoryQuiz = ChapterHistory['last5Quizzes'][number];

/** One of the last quizzes; one with wrong answers (and its session still kept) can list them. */
function HistoryQuizRow({ quiz }: { quiz: HistoryQuiz }) {
  const [showWrong, setShowWrong] = useState(false);
  const reviewable = quiz.sessionId !== undefined && quiz.score < quiz.totalQuestions;
  const t = useT();
  const { formatDate } = useFormat();
  const kind = t(QUIZ_TYPE_LABEL[quiz.quizType]);
  const label = `${kind}, ${formatDate(quiz.date)}`;
  return (
    <li>
      <p className="lp-history__row">
        <span>
          {kind} <span className="lp-muted">· {formatDate(quiz.date)}</span>
        </span>
        <Score percentage={quiz.scorePercentage} score={quiz.score} total={quiz.totalQuestions} />
      </p>
      {reviewable && (
        <Button variant="link" size="sm" aria-expanded={showWrong} aria-label={t('dashboard.wrongAnswersLabel', { label })} onClick={() => setShowWrong((v) => !v)}>
          {showWrong ? t('dashboard.hideWrongAnswers') : t('dashboard.wrongAnswers')}
        </Button>
      )}
      {reviewable && showWrong && <SessionWrongAnswers sessionId={quiz.sessionId!} label={t('dashboard.wrongAnswersOf', { label })} />}
    </li>
  );
}

export function HistoryList({ history }: { history: ChapterHistory }) {
  const last = history.lastFullChapterQuiz;
  const t = useT();
  const { formatDate } = useFormat();
  return (
    <div className="lp-history">
      <h3 className="lp-history__heading">{t('dashboard.lastFullQuiz')}</h3>
      {last ? (
        <p className="lp-history__row">
          <span>{formatDate(last.date)}</span>
          <Score percentage={last.percentage} score={last.score} total={last.totalQuestions} />
        </p>
      ) : (
        <p className="lp-muted">{t('dashboard.noFullQuiz')}</p>
      )}
      <h3 className="lp-history__heading">{t('dashboard.last5')}</h3>
      {history.last5Quizzes.length === 0 ? (
        <p className="lp-muted">{t('dashboard.noQuizzes')}</p>
      ) : (
        <ol className="lp-history__list">
          {history.last5Quizzes.map((quiz, i) => (
            <HistoryQuizRow key={quiz.sessionId ?? `${quiz.date}-${i}`} quiz={quiz} />
          ))}
        </ol>
      )}
    </div>
  );
}

function HistoryBody({ chapterId }: { chapterId: string }) {
  const history = useChapterHistory(chapterId);
  const t = useT();
  if (history.isPending) {
    return (
      <LoadingStatus label={t('dashboard.loadingHistory')}>
        <Skeleton height="1.25rem" />
        <Skeleton height="1.25rem" />
        <Skeleton height="1.25rem" />
      </LoadingStatus>
    );
  }
  if (history.isError) {
    return <ErrorState title={t('dashboard.historyFailed')} message={history.error.message} onRetry={() => void history.refetch()} />;
  }
  return <HistoryList history={history.data} />;
}

/**
 * The chapter's quiz history: the last full chapter quiz and the last 5 quizzes. The dashboard shows a History
 * button on every chapter card: the dialog itself (Radix: a provider, a portal and presence per dialog) is
 * rendered only once the learner opens it, not a dozen times on the dashboard's first paint (issue 16).
 */
export function HistoryDialog({ chapterId, chapterName }: { chapterId: string; chapterName: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const t = useT();
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-label={t('dashboard.historyLabel', { name: chapterName })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void preloadDialog()}
        onFocus={() => void preloadDialog()}
        onClick={() => setOpen(true)}
      >
        {t('dashboard.history')}
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent
            title={t('dashboard.historyTitle', { name: chapterName })}
            description={t('dashboard.historyColours')}
            returnFocusTo={button}
            closeLabel={t('dashboard.close')}
            footer={
              <DialogClose asChild>
                <Button variant="outline">{t('dashboard.close')}</Button>
              </DialogClose>
            }
          >
            <HistoryBody chapterId={chapterId} />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
