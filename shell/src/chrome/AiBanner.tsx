import { Link } from '@lp/web-platform';

/** Spec §1: quizzes are AI-generated for educational purposes and may be inaccurate. */
export const AI_BANNER_TEXT = 'Quizzes on this platform are AI-generated for educational purposes and may be inaccurate.';

export function AiBanner() {
  return (
    <aside className="lp-ai-banner" aria-label="AI accuracy notice">
      <p className="lp-ai-banner__inner">
        <span className="lp-ai-banner__icon" aria-hidden="true">
          ⚠
        </span>
        <span>
          <strong>AI-generated content.</strong> {AI_BANNER_TEXT} <Link to="/disclaimer">Read the disclaimer</Link>
        </span>
      </p>
    </aside>
  );
}
