import type { PaymentMessage } from './messages.ts';
import '../billing.css';

/** One payment message: an alert for problems, a polite status for success. */
export function PaymentNotice({ message, tone }: { message: PaymentMessage; tone: 'success' | 'error' | 'info' }) {
  return (
    <div role={tone === 'success' ? 'status' : 'alert'} className={`lp-card lp-payment-notice lp-payment-notice--${tone}`}>
      <strong>{message.title}</strong>
      <p className="lp-payment-notice__description">{message.description}</p>
    </div>
  );
}
