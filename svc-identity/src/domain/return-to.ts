// Where the browser goes after sign-in: only a path on our own origin, never another site.

/**
 * `returnTo` as given when it is a same-origin path, else `/`. Refuses `//host` and `/\host` (browsers read a
 * backslash as a slash), control characters and anything that is not an absolute path.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 512) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  if (value.includes('\\') || /\p{Cc}/u.test(value)) return '/';
  return value;
}
