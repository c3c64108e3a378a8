import { useRef, useState } from 'react';
import type { QuizSession } from '@lp/contracts';
import { Button, Dialog, DialogClose, DialogContent, preloadDialog } from '@lp/ui';
import { toast } from '@lp/web-platform';
import { useDeleteSession } from '../../api/index.ts';
import { DELETE_SESSION_FAILED } from './unfinished-quiz.ts';

/**
 * Ends an unfinished quiz for good (DELETE /api/sessions/{id}), after a confirmation: it cannot be continued
 * afterwards. The answers already given stay in the learner's progress and mistakes (they were recorded one by one).
 */
export function DiscardQuizButton({ session, place, children = 'Discard', label }: { session: QuizSession; place: string; children?: string; label?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const discard = useDeleteSession();
  const confirm = () =>
    discard.mutate(session.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: `Quiz in ${place} discarded` });
      },
      onError: (error) => toast({ title: DELETE_SESSION_FAILED, variant: 'destructive', error }),
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
        {children}
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent
            title={`Discard your quiz in ${place}?`}
            description={`It ends here and cannot be continued. ${answered > 0 ? `The ${answered} ${answered === 1 ? 'answer' : 'answers'} you gave still count in your progress.` : 'You have not answered any question in it yet.'}`}
            returnFocusTo={button}
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="outline">Keep it</Button>
                </DialogClose>
                <Button variant="destructive" disabled={discard.isPending} onClick={confirm}>
                  {discard.isPending ? 'Discarding…' : 'Discard quiz'}
                </Button>
              </>
            }
          />
        </Dialog>
      )}
    </>
  );
}
