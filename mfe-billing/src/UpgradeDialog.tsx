// Exposed as `billing/UpgradeDialog`: billing's own offer, with the yearly price of the learner's region and
// Subscribe Now to /subscription. The UI kit keeps a plain copy the quiz runner shows when this remote cannot load.
import { PRICES } from '@lp/contracts';
import { Button, Dialog, DialogClose, DialogContent, sampleQuizUrl, type UpgradeDialogProps } from '@lp/ui';
import { Link, navigate } from '@lp/web-platform';
import { browserRegion, priceLabel } from './payment/region.ts';
import { FEATURE_KEYS } from './payment/features.ts';
import { useT } from './i18n/index.ts';

export { UPGRADE_DESCRIPTION, UPGRADE_TITLE, sampleQuizUrl, type UpgradeDialogProps } from '@lp/ui';

export function UpgradeDialog({ open, onOpenChange, chapterId, onTrySample }: UpgradeDialogProps) {
  const region = browserRegion();
  const t = useT();
  const trySample = onTrySample ?? (chapterId ? () => navigate(sampleQuizUrl(chapterId)) : undefined);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('upgrade.title')}
        closeLabel={t('upgrade.close')}
        description={t('upgrade.description', { price: priceLabel(region) })}
        footer={
          <>
            {trySample && (
              <DialogClose asChild>
                <Button variant="outline" onClick={trySample}>{t('upgrade.trySample')}</Button>
              </DialogClose>
            )}
            <Button asChild>
              <Link to="/subscription" onClick={() => onOpenChange(false)}>{t('upgrade.subscribeNow')}</Link>
            </Button>
          </>
        }
      >
        <ul>{FEATURE_KEYS.map((f) => <li key={f}>{t(f)}</li>)}</ul>
        <p><small>{PRICES[region].providers.map((p) => (p === 'razorpay' ? 'Razorpay' : 'PayPal')).join(t('upgrade.or'))}{t('upgrade.guarantee')}</small></p>
      </DialogContent>
    </Dialog>
  );
}
export default UpgradeDialog;
