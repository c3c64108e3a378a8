import { useRef, useState } from 'react';
import { Button, Dialog, DialogClose, DialogContent, preloadDialog } from '@lp/ui';
import { toast } from '@lp/web-platform';
import { useClearChapterMistakes } from '../../api/index.ts';
import { en, t as translate, useT } from '../../i18n/dashboard/index.ts';

export const CLEAR_MISTAKES_FAILED = en['dashboard.clearFailed'];

/**
 * Clears a chapter's open mistakes (DELETE /api/mistakes/chapter/{id}). It destroys the learner's list of questions
 * to go over again, so it asks first; the dialog is rendered only once opened (as the history dialog, issue 16).
 */
export function ClearMistakesDialog({ chapterId, chapterName, count }: { chapterId: string; chapterName: string; count: number }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const clear = useClearChapterMistakes();
  const t = useT();
  const confirm = () =>
    clear.mutate(chapterId, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: translate('dashboard.clearDone', { name: chapterName }) });
      },
      onError: () => toast({ title: translate('dashboard.clearFailed'), variant: 'destructive' }),
    });
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-label={t('dashboard.clearLabel', { count: String(count), name: chapterName })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void preloadDialog()}
        onFocus={() => void preloadDialog()}
        onClick={() => setOpen(true)}
      >
        {t('dashboard.clearButton')}
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent
            title={t('dashboard.clearTitle', { name: chapterName })}
            description={t('dashboard.clearDescription', { count: String(count) })}
            returnFocusTo={button}
            closeLabel={t('dashboard.close')}
            footer={
              <>
                <DialogClose asChild>
                  <Button variant="outline">{t('dashboard.cancel')}</Button>
                </DialogClose>
                <Button variant="destructive" disabled={clear.isPending} onClick={confirm}>
                  {clear.isPending ? t('dashboard.clearing') : t('dashboard.clearButton')}
                </Button>
              </>
            }
          />
        </Dialog>
      )}
    </>
  );
}
