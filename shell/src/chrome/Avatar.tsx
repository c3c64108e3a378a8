import type { CurrentUser } from '@lp/web-platform';

export const isCurrent = (pathname: string, to: string) => pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));

export function initials(user: CurrentUser): string {
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}

export function Avatar({ user }: { user: CurrentUser }) {
  if (user.profileImageUrl) return <img className="lp-avatar" src={user.profileImageUrl} alt="" width={32} height={32} referrerPolicy="no-referrer" />;
  return (
    <span className="lp-avatar lp-avatar--initials" aria-hidden="true">
      {initials(user)}
    </span>
  );
}
