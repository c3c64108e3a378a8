// Exposed as `billing/UpgradeDialog`: billing's own offer, with the yearly price of the learner's region and
// Subscribe Now to /subscription. The UI kit keeps a plain copy the quiz runner shows when this remote cannot load.
import { PRICES } from '@lp/contracts';
import { Button, Dialog, DialogClose, DialogContent, sampleQuizUrl, UPGRADE_TITLE, type UpgradeDialogProps } from '@lp/ui';
import { Link, navigate } from '@lp/web-platform';
import { browserRegion, priceLabel } from './payment/region.ts';
import { FEATURES } from './payment/features.ts';

export { UPGRADE_DESCRIPTION, UPGRADE_TITLE, sampleQuizUrl, type UpgradeDialogProps } from '@lp/ui';

export function UpgradeDialog({ open, onOpenChange, chapterId, onTrySample }: UpgradeDialogProps) {
  const region = browserRegion();
  const trySample = onTrySample ?? (chapterId ? () => navigate(sampleQuizUrl(chapterId)) : undefined);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={UPGRADE_TITLE}
        description={`Full chapter and topic quizzes come with the yearly plan: ${priceLabel(region)} per year. You can still take a free sample quiz of 10 random questions.`}
        footer={
          <>
            {trySample && (
              <DialogClose asChild>
                <Button variant="outline" onClick={trySample}>Try Sample Quiz</Button>
              </DialogClose>
            )}
            <Button asChild>
              <Link to="/subscription" onClick={() => onOpenChange(false)}>Subscribe Now</Link>
            </Button>
          </>
        }
      >
        <ul>{FEATURES.map((f) => <li key={f}>{f}</li>)}</ul>
        <p><small>{PRICES[region].providers.map((p) => (p === 'razorpay' ? 'Razorpay' : 'PayPal')).join(' or ')} · 7-day money-back guarantee for first-time subscriptions</small></p>
      </DialogContent>
    </Dialog>
  );
}
export default UpgradeDialog;
