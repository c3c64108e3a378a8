/**
 * The create-challenge dialog, from the challenge remote (`challenge/CreateChallengeDialog`), loaded only when
 * the learner asks for it. When the remote cannot be loaded, the button says so instead of blanking the page.
 */
import { useState, type ComponentType } from 'react';
import { Button } from '@lp/ui';
import { toast } from '@lp/web-platform';
import { loadExposed } from '@lp/web-platform/exposed';
import { en, t as translate, useT } from '../../i18n/quiz/index.ts';

export interface CreateChallengeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sessionId: string;
}
type DialogComponent = ComponentType<CreateChallengeDialogProps>;

export const CHALLENGE_UNAVAILABLE = en['results.challengeUnavailable'];

/** "Challenge a Friend" on the results screen of a finished full chapter or topic quiz. */
export function ChallengeFriendButton({ sessionId }: { sessionId: string }) {
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const t = useT();
  const openDialog = async () => {
    if (Dialog) { setOpen(true); return; }
    setLoading(true);
    try {
      const component = await loadExposed<DialogComponent>('challenge', 'CreateChallengeDialog');
      setDialog(() => component);
      setOpen(true);
    } catch (error) {
      console.warn('[learn] challenge/CreateChallengeDialog could not be loaded', error);
      toast({ variant: 'destructive', title: translate('results.challengeUnavailable') });
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void openDialog()} disabled={loading}>{loading ? t('results.opening') : t('results.challengeFriend')}</Button>
      {Dialog && <Dialog open={open} onOpenChange={setOpen} sessionId={sessionId} />}
    </>
  );
}
