import { useRef, useState } from 'react';
import type { QuizSession } from '@lp/contracts';
import { Button, Dialog, DialogClose, DialogContent, preloadDialog } from '@lp/ui';
import { toast } from '@lp/web-platform';
import { useDeleteSession } from '../../api/index.ts';
import { t as translate, useT } from '../../i18n/dashboard/index.ts';

/**
 * Ends an unfinished quiz for good (DELETE /api/sessions/{id}), after a confirmation: it cannot be continued
 * afterwards. The answers already given stay in the learner's progress and mistakes (they were recorded one by one).
 */
export function DiscardQuizButton({ session, place, children, label }: { session: QuizSession; place: string; children?: string; label?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const discard = useDeleteSession();
  const confirm = () =>
    discard.mutate(session.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: translate('dashboard.discardDone', { place }) });
      },
      onError: (error) => toast({ title: translate('dashboard.deleteSessionFailed'), variant: 'destructive', error }),
    });
  const answered = session.questionsAnswered;
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="sm"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void preloadDialog()}
        onFocus={() => void preloadDialog()}
        onClick={() => setOpen(true)}
      >
        {children ?? t('dashboard.discard')}
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent
            title={t('dashboard.discardTitle', { place })}
            description={t('dashboard.discardEnds', { rest: answered > 0 ? t('dashboard.discardAnswers', { count: String(answered) }) : t('dashboard.discardNoAnswers') })}
            returnFocusTo={button}
            closeLabel={t('dashboard.close')}
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="outline">{t('dashboard.keepIt')}</Button>
                </DialogClose>
                <Button variant="destructive" disabled={discard.isPending} onClick={confirm}>
                  {discard.isPending ? t('dashboard.discarding') : t('dashboard.discardQuiz')}
                </Button>
              </>
            }
          />
        </Dialog>
      )}
    </>
  );
}
