import { Button, Card } from '@lp/ui';
import { Link } from '@lp/web-platform';

/** `/` for visitors. The full landing (subjects grid, sign-in) comes with the auth issue. */
export function LandingPage() {
  return (
    <div className="lp-page">
      <header className="lp-page-heading">
        <div>
          <h1 className="lp-page-heading__title">Master Knowledge Through Smart Repetition</h1>
          <p className="lp-page-heading__subtitle">
            Study CBSE Class 10-12 subjects chapter by chapter, revise at the right time, and challenge your friends.
          </p>
        </div>
      </header>
      <Card title="Start now">
        <p>Try a sample quiz without an account, or open your dashboard.</p>
        <div className="lp-page-heading__actions">
          <Button asChild>
            <Link to="/dashboard">Start Learning Free</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/test-quiz">Take a Sample Quiz</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
