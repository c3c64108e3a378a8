/** Exposed as `billing/UpgradeDialog`: offered when a free user starts a full chapter or topic quiz. */
import { Button, Dialog, DialogClose, DialogContent } from '@lp/ui';
import { Link } from '@lp/web-platform';

export interface UpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Starts a 10-question sample quiz instead; the button is hidden when not given. */
  onTrySample?: () => void;
}

export function UpgradeDialog({ open, onOpenChange, onTrySample }: UpgradeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Upgrade to Premium"
        description="Full chapter and topic quizzes, progress, revision, mistake review and friend challenges come with a yearly subscription."
        footer={
          <>
            {onTrySample && (
              <DialogClose asChild>
                <Button variant="outline" onClick={onTrySample}>
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

export default UpgradeDialog;
