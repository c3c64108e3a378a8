/**
 * What came of the student's question flags (issue 32 §4): "You were right about question …" once an admin corrected
 * a question the student flagged. Read from svc-content (GET /api/question-flags/notices: the ones not yet seen); the
 * newest three. Each stays until the student marks it seen ("Got it"), stored on the server so every tab and device
 * agrees. Kept small on purpose: the shell header's notices (feedback replies) may take these over.
 */
import { Button, Card } from '@lp/ui';
import { useErrorTextLater } from '@lp/web-platform/error-text-later';
import { useFlagNotices, useMarkFlagNoticeSeen } from '../../api/flags.ts';

import { useT } from '../../i18n/dashboard/index.ts';

export function FlagNotices() {
  const notices = useFlagNotices();
  const markSeen = useMarkFlagNoticeSeen();
  const t = useT();
  // The error texts are fetched only once marking fails: the dashboard's first load carries none of them.
  const failure = useErrorTextLater(markSeen.isError ? markSeen.error : null, t('dashboard.actionFailed'));
  const latest = notices.data?.notices.slice(0, 3) ?? [];
  if (latest.length === 0) return null;
  return (
    <section aria-label={t('dashboard.notices')} className="lp-flag-notices">
      <Card title={t('dashboard.yourReports')}>
        <ul>
          {latest.map((n) => {
            // Worded in the reader's language from the quoted question; an older notice without it keeps the server's words.
            const text = n.question === undefined ? n.text : t('dashboard.flagCorrected', { question: n.question });
            return (
              <li key={n.id}>
                {text}{' '}
                <Button variant="ghost" size="sm" aria-label={t('dashboard.gotItLabel', { text })} disabled={markSeen.isPending} onClick={() => markSeen.mutate(n.id)}>
                  {t('dashboard.gotIt')}
                </Button>
              </li>
            );
          })}
        </ul>
        {markSeen.isError && failure && <p role="alert">{failure}</p>}
      </Card>
    </section>
  );
}
