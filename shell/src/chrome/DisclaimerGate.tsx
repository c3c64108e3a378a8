import { useEffect, useState } from 'react';
import { Button, Dialog, DialogContent } from '@lp/ui';
import { Link, toast } from '@lp/web-platform';
import { acceptDisclaimer, QueryProvider, useDisclaimerStatus } from '@lp/web-platform/query';
import { accountEn } from '../i18n/account-en.ts';
import { accountT as t } from '../i18n/account.ts';

/** What the gate knows: `checking` while the status loads on a protected page. */
export type DisclaimerState = 'not-needed' | 'checking' | 'required' | 'accepted';

export const DISCLAIMER_ACCEPT_FAILED = accountEn['disclaimer.saveFailed'];

/**
 * The disclaimer modal (spec §2, §4): it covers protected pages for a signed-in user until they
 * accept it once (stored on the server). No close button; Escape and outside clicks do nothing;
 * focus stays inside. If saving the acceptance fails, a destructive toast says so and the modal stays.
 */
export function DisclaimerModal({ onAccept }: { onAccept: () => Promise<unknown> }) {
  const [saving, setSaving] = useState(false);
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
        title="Important Disclaimer"
        description="Please read and accept this before you continue."
        footer={
          <Button onClick={() => void accept()} disabled={saving} aria-busy={saving || undefined}>
            {saving ? 'Saving...' : 'Accept'}
          </Button>
        }
      >
        <ul className="lp-disclaimer-list">
          <li>
            <strong>AI-generated content.</strong> The quiz questions, answers and explanations are generated with the help of AI
            and may be inaccurate or incomplete.
          </li>
          <li>
            <strong>For educational purposes only.</strong> Use the quizzes for practice and revision alongside your textbooks and
            teachers; they are not official board material.
          </li>
          <li>
            <strong>Check important facts.</strong> Verify anything you rely on for an exam against your prescribed textbook.
          </li>
        </ul>
        <p>
          By selecting Accept you confirm that you have read and understood this. The full text is in our{' '}
          <Link to="/disclaimer">Disclaimer</Link>.
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
