import { useEffect, useState } from 'react';
import { Button, Dialog, DialogContent } from '@lp/ui';
import { Link, toast } from '@lp/web-platform';
import { acceptDisclaimer, QueryProvider, useDisclaimerStatus } from '@lp/web-platform/query';
import { accountEn } from '../i18n/account-en.ts';
import { useAccountT } from '../i18n/account.ts';

/** What the gate knows: `checking` while the status loads on a protected page. */
export type DisclaimerState = 'not-needed' | 'checking' | 'required' | 'accepted';

export const DISCLAIMER_ACCEPT_FAILED = accountEn['disclaimer.saveFailed'];

// The modal's three points: a bold title and its sentence each.
const POINTS = [
  ['disclaimer.aiTitle', 'disclaimer.aiText'],
  ['disclaimer.eduTitle', 'disclaimer.eduText'],
  ['disclaimer.checkTitle', 'disclaimer.checkText'],
] as const;

/**
 * The disclaimer modal (spec §2, §4): it covers protected pages for a signed-in user until they
 * accept it once (stored on the server). No close button; Escape and outside clicks do nothing;
 * focus stays inside. If saving the acceptance fails, a destructive toast says so and the modal stays. In the
 * page's language (the account catalogue: this chunk loads only for a signed-in user).
 */
export function DisclaimerModal({ onAccept }: { onAccept: () => Promise<unknown> }) {
  const [saving, setSaving] = useState(false);
  const t = useAccountT();
  const accept = async () => {
    setSaving(true);
    try {
      await onAccept();
    } catch (error) {
      console.error('[shell] accepting the disclaimer failed', error);
      toast({ variant: 'destructive', title: t('error.error'), description: t('disclaimer.saveFailed'), error });
    } finally {
      setSaving(false);
    }
  };
  return (
    // Open until accepted: onOpenChange ignores every request to close.
    <Dialog open onOpenChange={() => {}}>
      <DialogContent
        modal="blocking"
        title={t('disclaimer.title')}
        description={t('disclaimer.description')}
        footer={
          <Button onClick={() => void accept()} disabled={saving} aria-busy={saving || undefined}>
            {saving ? t('disclaimer.saving') : t('disclaimer.accept')}
          </Button>
        }
      >
        <ul className="lp-disclaimer-list">
          {POINTS.map(([title, text]) => (
            <li key={title}>
              <strong>{t(title)}</strong> {t(text)}
            </li>
          ))}
        </ul>
        <p>
          {t('disclaimer.confirm')} <Link to="/disclaimer">{t('disclaimer.link')}</Link>.
        </p>
      </DialogContent>
    </Dialog>
  );
}

/** Shows the modal while `active` (a protected page, signed in) and the server has no acceptance on record. */
export function DisclaimerGate({ active }: { active: boolean }) {
  const status = useDisclaimerStatus(active);
  const needed = active && (status.isError || (status.isSuccess && status.data?.disclaimerAccepted !== true));
  const state: DisclaimerState = !active ? 'not-needed' : needed ? 'required' : status.isSuccess ? 'accepted' : 'checking';
  // Exposed on <html data-lp-disclaimer> so tests (and tools) can wait for the page to settle.
  useEffect(() => {
    document.documentElement.dataset.lpDisclaimer = state;
  }, [state]);
  if (!needed) return null;
  return <DisclaimerModal onAccept={() => acceptDisclaimer()} />;
}

/** The gate with the page-wide query client it reads the status through (the shell loads this chunk when signed in). */
export function SignedInDisclaimerGate({ active }: { active: boolean }) {
  return (
    <QueryProvider>
      <DisclaimerGate active={active} />
    </QueryProvider>
  );
}
