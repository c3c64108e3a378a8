// Exposed as `billing/UpgradeDialog`. The dialog itself lives in the UI kit, so the quiz runner can show the
// very same one when this remote cannot be loaded.
import { UpgradeDialog } from '@lp/ui';

export { UPGRADE_DESCRIPTION, UPGRADE_TITLE, UpgradeDialog, sampleQuizUrl, type UpgradeDialogProps } from '@lp/ui';
export default UpgradeDialog;
