/**
 * What a free user sees on starting a full chapter or topic quiz once the free trial quiz is used
 * (spec §6): a 10-question sample quiz of the chapter (`/quiz/sample?chapter={chapterId}`) or the
 * subscription (`/subscribe`). Billing exposes it as `billing/UpgradeDialog` (so it can change the offer
 * on its own release); the quiz runner shows this same component when the billing remote cannot load.
 */
import { Link, navigate } from '@lp/web-platform';
import { Button } from './Button.tsx';
import { Dialog, DialogClose, DialogContent } from './Dialog.tsx';

export interface UpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chapter the learner wanted: Try Sample Quiz opens its sample quiz. */
  chapterId?: string;
  /** Overrides what Try Sample Quiz does. Without it and without a chapter, the button is hidden. */
  onTrySample?: () => void;
}

export const UPGRADE_TITLE = 'Upgrade to Premium';
export const UPGRADE_DESCRIPTION =
  'Full chapter and topic quizzes, progress, revision, mistake review and friend challenges come with a yearly subscription. ' +
  'You can still take a free sample quiz of 10 random questions.';

export const sampleQuizUrl = (chapterId: string) => `/quiz/sample?chapter=${encodeURIComponent(chapterId)}`;

export function UpgradeDialog({ open, onOpenChange, chapterId, onTrySample }: UpgradeDialogProps) {
  const trySample = onTrySample ?? (chapterId ? () => navigate(sampleQuizUrl(chapterId)) : undefined);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={UPGRADE_TITLE}
        description={UPGRADE_DESCRIPTION}
        footer={
          <>
            {trySample && (
              <DialogClose asChild>
                <Button variant="outline" onClick={trySample}>
                  Try Sample Quiz
                </Button>
              </DialogClose>
            )}
            <Button asChild>
              <Link to="/subscribe" onClick={() => onOpenChange(false)}>
                Subscribe Now
              </Link>
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

