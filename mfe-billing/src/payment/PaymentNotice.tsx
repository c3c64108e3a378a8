import type { PaymentMessage } from './messages.ts';
import { useT } from '../i18n/index.ts';
import '../billing.css';

/** One payment message: an alert for problems, a polite status for success. */
export function PaymentNotice({ message, tone }: { message: PaymentMessage; tone: 'success' | 'error' | 'info' }) {
  const t = useT();
  return (
    <div role={tone === 'success' ? 'status' : 'alert'} className={`lp-card lp-payment-notice lp-payment-notice--${tone}`}>
      <strong>{t(`payment.${message.key}Title`)}</strong>
      <p className="lp-payment-notice__description">{t(`payment.${message.key}`)}</p>
    </div>
  );
}
