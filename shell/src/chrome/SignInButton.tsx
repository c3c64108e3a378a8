import { cx } from '@lp/ui';
import { LOGIN_URL, loginUrl } from '@lp/web-platform';
import { useT } from '../i18n/index.ts';

/** The Google "G", drawn inline (no external request). Decorative: the text says what the button does. */
function GoogleMark() {
  return (
    <svg className="lp-google-mark" viewBox="0 0 48 48" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}

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
