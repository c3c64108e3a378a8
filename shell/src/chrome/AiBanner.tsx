import { Link } from '@lp/web-platform';
import { en } from '../i18n/en.ts';
import { useT } from '../i18n/index.ts';

/** Spec §1: quizzes are AI-generated for educational purposes and may be inaccurate. */
export const AI_BANNER_TEXT = en['ai.text'];

export function AiBanner() {
  const t = useT();
  return (
    <aside className="lp-ai-banner" aria-label={t('ai.label')}>
      <p className="lp-ai-banner__inner">
        <span className="lp-ai-banner__icon" aria-hidden="true">
          ⚠
        </span>
        <span>
          <strong>{t('ai.title')}</strong> {t('ai.text')} <Link to="/disclaimer">{t('ai.read')}</Link>
        </span>
      </p>
    </aside>
  );
}
