import { useState } from 'react';
import { REGIONS, type PaymentOrder } from '@lp/contracts';
import { Button, Card, PageFrame } from '@lp/ui';
import { GetPayPalSetup } from '@lp/contracts/urls';
import { Link, errorMessageOf } from '@lp/web-platform';
import { getRoute } from '@lp/web-platform/route-calls';
import { heading } from '@lp/web-platform/heading';
import { formatMoney } from '@lp/web-platform/format';
import { quote } from '../payment/checkout.ts';
import { REGION_LABELS } from '../payment/region.ts';

type Check = { name: string; ok: boolean; detail: string };

/** /test-payment: checks that pricing and both gateways answer, without paying anything. */
export function TestPaymentPage() {
  const [checks, setChecks] = useState<Check[] | null>(null);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    const results: Check[] = [];
    for (const region of REGIONS) {
      try {
        const order: PaymentOrder = await quote(region);
        results.push({ name: `Price: ${REGION_LABELS[region]}`, ok: true, detail: `${formatMoney(order.currency, order.amount)} via ${order.providers.join(', ')}` });
      } catch (err) {
        results.push({ name: `Price: ${REGION_LABELS[region]}`, ok: false, detail: errorMessageOf(err) });
      }
    }
    try {
      const setup = await getRoute(GetPayPalSetup);
      results.push({ name: 'PayPal', ok: true, detail: `client ${setup.clientId} ready` });
    } catch (err) {
      results.push({ name: 'PayPal', ok: false, detail: errorMessageOf(err) });
    }
    setChecks(results);
    setRunning(false);
  };
  return (
    <PageFrame title={heading('Payment Test')} subtitle="Check that prices and the payment gateways answer. Nothing is charged.">
      <Button onClick={() => void run()} disabled={running}>{running ? 'Checking…' : 'Run payment checks'}</Button>
      {checks && (
        <Card title="Results">
          <ul>{checks.map((c) => <li key={c.name}>{c.ok ? '✓' : '✗'} {c.name}: {c.detail}</li>)}</ul>
        </Card>
      )}
      <p>To buy the plan, go to the <Link to="/subscription">subscription page</Link>; see your payments on <Link to="/payment-status">payment status</Link>.</p>
    </PageFrame>
  );
}
