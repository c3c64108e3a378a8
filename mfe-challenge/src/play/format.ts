/** "1:05" for 65 seconds, and "1 minute 5 seconds" for screen readers. */
export const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
export function spoken(s: number): string {
  const m = Math.floor(s / 60);
  const r = s % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return m > 0 ? `${part(m, 'minute')}${r ? ` ${part(r, 'second')}` : ''}` : part(r, 'second');
}
export const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
