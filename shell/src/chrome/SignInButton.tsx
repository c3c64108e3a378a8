import { cx } from '@lp/ui';
import { LOGIN_URL, loginUrl } from '@lp/web-platform';
import { useT } from '../i18n/index.ts';

/** The Google "G": drawn by the style sheet (shell.css), not the script, so the first download carries less JavaScript. */
const GoogleMark = () => <span className="lp-google-mark" aria-hidden="true" />;

/** Sign-in returns to the page the visitor is on (the identity service accepts only a same-origin path). */
export function signInHrefFor(location: Pick<Location, 'pathname' | 'search'>): string {
  const here = `${location.pathname}${location.search}`;
  // `//host` or a backslash would be refused by the identity service (it reads as another site): sign in to `/`.
  return here === '/' || here.startsWith('//') || here.includes('\\') ? LOGIN_URL : loginUrl(here);
}

/**
 * "Sign in with Google": a plain link to /api/login, so the browser really navigates there (the
 * in-page router never handles it). Every sign-in button on the site is this one.
 */
export function SignInButton({ size = 'md', variant = 'primary', compact = false, className }: {
  size?: 'sm' | 'md' | 'lg';
  variant?: 'primary' | 'outline';
  /** On phones show "Sign in" (the accessible name stays "Sign in with Google"), in either language. */
  compact?: boolean;
  className?: string;
}) {
  const t = useT();
  const label = t('signIn.google');
  const short = t('signIn.short');
  // The words around "Sign in" ("with Google"; Hindi: "Google से … करें") go off screen on a phone, still in the name.
  const at = compact ? label.indexOf(short) : -1;
  const [before, shown, after] = at < 0 ? ['', label, ''] : [label.slice(0, at), short, label.slice(at + short.length)];
  return (
    <a
      href={LOGIN_URL}
      // The address is read when the link is followed, not rendered (the prerendered page has no address yet).
      onClick={(event) => { event.currentTarget.href = signInHrefFor(window.location); }}
      className={cx('lp-button', `lp-button--${variant}`, `lp-button--${size}`, 'lp-sign-in', className)}
    >
      <span className="lp-google-mark__bg">
        <GoogleMark />
      </span>
      <span>
        {before.trim() && <><span className="lp-sign-in__rest">{before.trim()}</span>{' '}</>}
        {shown}
        {after.trim() && <>{' '}<span className="lp-sign-in__rest">{after.trim()}</span></>}
      </span>
    </a>
  );
}
