import type { PaymentMessage } from './messages.ts';

/** One payment message: an alert for problems, a polite status for success. */
export function PaymentNotice({ message, tone }: { message: PaymentMessage; tone: 'success' | 'error' | 'info' }) {
  return (
    <div role={tone === 'success' ? 'status' : 'alert'} className={`lp-card billing-notice billing-notice--${tone}`} style={{
      borderColor: tone === 'success' ? 'var(--lp-success)' : tone === 'error' ? 'var(--lp-danger)' : 'var(--lp-warning)', padding: '1rem', marginBottom: '1rem',
    }}>
      <strong>{message.title}</strong>
      <p style={{ margin: '0.25rem 0 0' }}>{message.description}</p>
    </div>
  );
}
