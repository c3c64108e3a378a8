import { useState } from 'react';
import { REGIONS, type PaymentOrder } from '@lp/contracts';
import { Button, Card, PageFrame } from '@lp/ui';
import { GetPayPalSetup } from '@lp/contracts/urls';
import { Link } from '@lp/web-platform';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { getRoute } from '@lp/web-platform/route-calls';
import { heading } from '@lp/web-platform/heading';
import { useFormat } from '@lp/web-platform/format';
import { quote } from '../payment/checkout.ts';
import { regionKey } from '../payment/region.ts';
import { useT } from '../i18n/index.ts';

type Check = { name: string; ok: boolean; detail: string };

/** /test-payment: checks that pricing and both gateways answer, without paying anything. */
export function TestPaymentPage() {
  const [checks, setChecks] = useState<Check[] | null>(null);
  const [running, setRunning] = useState(false);
  const t = useT();
  const { formatMoney } = useFormat();
  const run = async () => {
    setRunning(true);
    const results: Check[] = [];
    for (const region of REGIONS) {
      try {
        const order: PaymentOrder = await quote(region);
        results.push({ name: t('testPayment.price', { region: t(regionKey(region)) }), ok: true, detail: t('testPayment.via', { price: formatMoney(order.currency, order.amount), providers: order.providers.join(', ') }) });
      } catch (err) {
        results.push({ name: t('testPayment.price', { region: t(regionKey(region)) }), ok: false, detail: errorTextOf(err) });
      }
    }
    try {
      const setup = await getRoute(GetPayPalSetup);
      results.push({ name: 'PayPal', ok: true, detail: t('testPayment.ready', { id: setup.clientId }) });
    } catch (err) {
      results.push({ name: 'PayPal', ok: false, detail: errorTextOf(err) });
    }
    setChecks(results);
    setRunning(false);
  };
  return (
    <PageFrame title={heading(t('testPayment.title'))} subtitle={t('testPayment.subtitle')}>
      <Button onClick={() => void run()} disabled={running}>{running ? t('testPayment.checking') : t('testPayment.run')}</Button>
      {checks && (
        <Card title={t('testPayment.results')}>
          <ul>{checks.map((c) => <li key={c.name}>{c.ok ? '✓' : '✗'} {c.name}: {c.detail}</li>)}</ul>
        </Card>
      )}
      <p>{t('testPayment.toBuy')} <Link to="/subscription">{t('testPayment.subscriptionPage')}</Link>{t('testPayment.seePayments')} <Link to="/payment-status">{t('testPayment.paymentStatus')}</Link>.</p>
    </PageFrame>
  );
}
