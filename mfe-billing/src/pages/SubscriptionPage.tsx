import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PRICES, REGIONS, type PaymentProvider, type PaymentResult, type Region } from '@lp/contracts';
import { Button, Card, PageFrame, Spinner } from '@lp/ui';
import { CapturePayPalOrder, GetPaymentStatus, GetSubscriptionStatus } from '@lp/contracts/urls';
import { ApiError, Link, LOGIN_URL, navigate, useSearchParams, useUser } from '@lp/web-platform';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';
import { useFormat } from '@lp/web-platform/format';
import { heading } from '@lp/web-platform/heading';
import { confirm, quote, startPayPal, startRazorpay } from '../payment/checkout.ts';
import { PAYMENT_MESSAGES, SUCCESS_REDIRECT_MS, type PaymentMessage } from '../payment/messages.ts';
import { PaymentNotice } from '../payment/PaymentNotice.tsx';
import { browserRegion, methodsKey, priceLabel, regionKey } from '../payment/region.ts';
import { FEATURE_KEYS } from '../payment/features.ts';
import { useT } from '../i18n/index.ts';
import { currentPlan, type CurrentPlan } from '../payment/plan.ts';
import '../billing.css';

const providerKey = (provider: PaymentProvider) => `provider.${provider}` as const;

type Notice = { message: PaymentMessage; tone: 'success' | 'error' | 'info' } | null;

/** Which spec message a failed confirmation shows. */
function confirmationFailure(err: unknown): Notice {
  if (err instanceof ApiError && err.status === 400 && err.code === 'VERIFICATION_FAILED') return { message: PAYMENT_MESSAGES.verificationFailed, tone: 'error' };
  return { message: PAYMENT_MESSAGES.processingError, tone: 'error' };
}

/** A subscriber's plan, and paying again only as a choice that says what it adds. */
function YourPlan({ plan, price, onExtend }: { plan: CurrentPlan; price: string; onExtend: () => void }) {
  const t = useT();
  const { formatDate } = useFormat();
  return (
    <Card title={plan.endsAt ? t('subscribe.premiumUntil', { date: formatDate(plan.endsAt) }) : t('common.premium')} description={t('subscribe.activeDescription')}>
      {plan.extendedUntil && (
        <>
          <p>{t('subscribe.noRenewal')}</p>
          <Button variant="secondary" onClick={onExtend}>{t('subscribe.addYearButton', { price, date: formatDate(plan.extendedUntil) })}</Button>
        </>
      )}
      <p><Link to="/payment-status">{t('subscribe.yourPayments')}</Link> · <Link to="/dashboard">{t('subscribe.backToStudying')}</Link></p>
    </Card>
  );
}

/** /subscribe and /subscription: the plan, region and price, payment options, and the way back from checkout. */
export function SubscriptionPage() {
  const { status, signedIn } = useUser();
  const params = useSearchParams();
  const client = useQueryClient();
  const [region, setRegion] = useState<Region>(browserRegion);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<PaymentProvider | 'confirming' | null>(null);
  const handledReturn = useRef(false);
  const [extending, setExtending] = useState(false);
  const t = useT();
  const { formatDate } = useFormat();
  const subscription = useQuery({
    queryKey: [GetSubscriptionStatus.url], enabled: signedIn, staleTime: 0,
    queryFn: ({ signal }) => getRoute(GetSubscriptionStatus, undefined, undefined, signal),
  });

  // A signed-out visitor signs in and comes back here.
  useEffect(() => {
    if (status === 'unauthenticated') window.location.assign(`${LOGIN_URL}?returnTo=${encodeURIComponent(window.location.pathname)}`);
  }, [status]);

  const succeeded = (result: PaymentResult) => {
    if (!result.success) {
      setNotice({ message: PAYMENT_MESSAGES.failed, tone: 'error' });
      return;
    }
    setNotice({ message: PAYMENT_MESSAGES.success, tone: 'success' });
    void client.invalidateQueries({ queryKey: [GetSubscriptionStatus.url] });
    void client.invalidateQueries({ queryKey: [GetPaymentStatus.url] });
    setTimeout(() => navigate('/dashboard'), SUCCESS_REDIRECT_MS);
  };

  // Back from the gateway's page: confirm with the server (it verifies and activates once).
  useEffect(() => {
    if (!signedIn || handledReturn.current) return;
    const provider = params.get('provider');
    if (provider !== 'razorpay' && provider !== 'paypal') return;
    handledReturn.current = true;
    window.history.replaceState(null, '', window.location.pathname);
    if (params.get('cancelled')) return setNotice({ message: PAYMENT_MESSAGES.cancelled, tone: 'info' });
    if (params.get('error')) return setNotice({ message: PAYMENT_MESSAGES.failed, tone: 'error' });
    setBusy('confirming');
    const confirmation = provider === 'razorpay'
      ? confirm({
        paymentMethod: 'razorpay',
        razorpayData: {
          razorpay_order_id: params.get('razorpay_order_id') ?? '', razorpay_payment_id: params.get('razorpay_payment_id') ?? '',
          razorpay_signature: params.get('razorpay_signature') ?? '',
        },
      })
      : sendRoute(CapturePayPalOrder, { id: params.get('token') ?? '' });
    confirmation.then(succeeded, (err) => setNotice(confirmationFailure(err))).finally(() => setBusy(null));
  }, [signedIn]);

  const pay = async (provider: PaymentProvider) => {
    setNotice(null);
    setBusy(provider);
    try {
      const order = await quote(region);
      const assign = (url: string) => window.location.assign(url);
      const outcome = provider === 'razorpay' ? await startRazorpay(order, assign) : await startPayPal(order, assign);
      if (outcome !== 'redirected') succeeded(outcome);
    } catch (err) {
      const e = err as { cancelled?: boolean; failed?: boolean };
      if (e.cancelled) setNotice({ message: PAYMENT_MESSAGES.cancelled, tone: 'info' });
      else if (e.failed) setNotice({ message: PAYMENT_MESSAGES.failed, tone: 'error' });
      else if (err instanceof ApiError && err.status === 400 && err.code === 'VERIFICATION_FAILED') setNotice(confirmationFailure(err));
      else setNotice({ message: PAYMENT_MESSAGES.sdkError, tone: 'error' });
      setBusy(null);
    }
  };

  if (!signedIn) {
    return <PageFrame title={heading(t('subscribe.title'))}><Spinner label={t('subscribe.checkingSignIn')} /></PageFrame>;
  }
  const price = PRICES[region];
  // While the plan is not known, the page waits rather than offering a subscriber a new checkout.
  if (subscription.isPending && !notice && busy === null) {
    return <PageFrame title={heading(t('subscribe.title'))}><Spinner label={t('subscribe.loadingPlan')} /></PageFrame>;
  }
  const plan = currentPlan(subscription.data, new Date());
  // A paid extension shows the plan again, with the success notice, rather than the Pay buttons.
  if (plan && (!extending || notice?.tone === 'success')) {
    return (
      <PageFrame title={heading(t('subscribe.title'))} subtitle={t('subscribe.planSubtitle')} width="narrow">
        {notice && <PaymentNotice message={notice.message} tone={notice.tone} />}
        <YourPlan plan={plan} price={priceLabel(region)} onExtend={() => setExtending(true)} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={heading(t('subscribe.title'))} subtitle={t('subscribe.subtitle')} width="narrow">
      {notice && <PaymentNotice message={notice.message} tone={notice.tone} />}
      {busy === 'confirming' && <Spinner label={t('subscribe.confirming')} />}
      <Card
        title={plan ? t('subscribe.addYear') : t('subscribe.yearly')}
        description={plan?.extendedUntil
          ? t('subscribe.extendDescription', { price: priceLabel(region), date: formatDate(plan.extendedUntil) })
          : t('subscribe.priceDescription', { price: priceLabel(region) })}
      >
        <div className="lp-field">
          <label className="lp-field__label" htmlFor="billing-region">{t('subscribe.region')}</label>
          <select id="billing-region" value={region} onChange={(e) => setRegion(e.target.value as Region)} disabled={busy !== null}>
            {REGIONS.map((r) => <option key={r} value={r}>{t(regionKey(r))}: {priceLabel(r)}</option>)}
          </select>
        </div>
        <ul aria-label={t('subscribe.includes')}>
          {FEATURE_KEYS.map((f) => <li key={f}>{t(f)}</li>)}
        </ul>
        <div role="group" aria-label={t('subscribe.options')} className="lp-subscription__providers">
          {price.providers.map((p) => (
            <div key={p} className="lp-subscription__provider">
              <Button onClick={() => void pay(p)} disabled={busy !== null} aria-describedby={`billing-methods-${p}`}>
                {busy === p ? t('subscribe.opening') : `${t(providerKey(p))} (${priceLabel(region)})`}
              </Button>
              <span id={`billing-methods-${p}`} className="lp-subscription__methods">{t(methodsKey(p))}</span>
            </div>
          ))}
        </div>
      </Card>
      <Card title={t('subscribe.refundsTitle')}>
        <p>{t('subscribe.refunds')}</p>
        <p>
          {t('subscribe.cancelOpen')} <Link to="/feedback">{t('subscribe.feedback')}</Link>{t('subscribe.cancelHow')}{' '}
          <Link to="/refund-policy">{t('subscribe.refundPolicy')}</Link> {t('subscribe.andYour')} <Link to="/payment-status">{t('subscribe.paymentStatus')}</Link>.
        </p>
      </Card>
    </PageFrame>
  );
}
