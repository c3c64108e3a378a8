import { useRef, useState } from 'react';
import { Button, Dialog, DialogClose, DialogContent, preloadDialog } from '@lp/ui';
import { toast } from '@lp/web-platform';
import { useClearChapterMistakes } from '../../api/index.ts';

export const CLEAR_MISTAKES_FAILED = 'Could not clear the mistakes. Please try again.';

/**
 * Clears a chapter's open mistakes (DELETE /api/mistakes/chapter/{id}). It destroys the learner's list of questions
 * to go over again, so it asks first; the dialog is rendered only once opened (as the history dialog, issue 16).
 */
export function ClearMistakesDialog({ chapterId, chapterName, count }: { chapterId: string; chapterName: string; count: number }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const clear = useClearChapterMistakes();
  const confirm = () =>
    clear.mutate(chapterId, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: `Mistakes of ${chapterName} cleared` });
      },
      onError: () => toast({ title: CLEAR_MISTAKES_FAILED, variant: 'destructive' }),
    });
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-label={`Clear Mistakes (${count}): ${chapterName}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void preloadDialog()}
        onFocus={() => void preloadDialog()}
        onClick={() => setOpen(true)}
      >
        Clear Mistakes
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent
            title={`Clear the mistakes of ${chapterName}?`}
            description={`The ${count} ${count === 1 ? 'question' : 'questions'} you got wrong will leave your mistake review. This cannot be undone.`}
            returnFocusTo={button}
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button variant="destructive" disabled={clear.isPending} onClick={confirm}>
                  {clear.isPending ? 'Clearing…' : 'Clear Mistakes'}
                </Button>
              </>
            }
          />
        </Dialog>
      )}
    </>
  );
}
