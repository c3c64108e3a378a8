// /subscription's states: checking the sign-in, the plan with its price and payment options, a checkout that cannot
// start, and the way back from the gateway's page (confirming, refused verification, cancelled, success then the
// dashboard after 2 s; spec §4, §8), the API faked at the fetch boundary.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@lp/web-platform';
import { apiError, fakeApi, heldReply, renderPage } from '@lp/web-platform/testing';
import { SubscriptionPage } from '../../src/pages/SubscriptionPage.tsx';

const LEARNER = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaa1', email: 'ravi@example.test', firstName: 'Ravi', lastName: 'Subscriber', role: 'learner' as const, selectedClass: null, selectedSubject: null,
};
const RETURN_FROM_RAZORPAY = '/subscription?provider=razorpay&razorpay_order_id=order_N1&razorpay_payment_id=pay_N1&razorpay_signature=sig';

beforeEach(() => {
  useSession.setState({ status: 'authenticated', user: LEARNER, error: null });
  window.history.replaceState(null, '', '/subscription');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const chooseIndia = async () => fireEvent.change(await screen.findByLabelText('Region and currency'), { target: { value: 'india' } });

const status = (over: Record<string, unknown> = {}) => ({
  body: { canTakeQuiz: true, trialQuizzesRemaining: 1, quizzesCompleted: 0, subscriptionStatus: 'none', subscriptionEndsAt: null, ...over },
});
/** The API with the learner's plan status (none unless given) and the page's other calls. */
const serve = (routes: Parameters<typeof fakeApi>[0] = {}) => fakeApi({ 'GET /api/subscription/status': status(), ...routes });
/** What the page sent (the plan status it reads is not a payment call). */
const sent = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.method !== 'GET');
const SUBSCRIBER = { subscriptionStatus: 'active', canTakeQuiz: true, subscriptionEndsAt: '2027-11-27T12:00:00.000Z' };

describe('/subscription', () => {
  it('says it is checking the sign-in while the session is not known yet', () => {
    useSession.setState({ status: 'loading', user: null, error: null });
    serve();
    renderPage(<SubscriptionPage />);
    expect(screen.getByRole('status').textContent).toBe('Checking your sign-in…');
    expect(screen.queryByRole('group', { name: 'Payment options' })).toBeNull();
  });

  it("shows the yearly plan, what it includes and the region's price and payment options", async () => {
    serve();
    renderPage(<SubscriptionPage />);
    await chooseIndia();
    expect(screen.getByText('₹500 per year, one payment, no automatic renewal.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'What premium includes' })).getAllByRole('listitem').map((li) => li.textContent)).toContain('Friend challenges');
    const options = within(screen.getByRole('group', { name: 'Payment options' })).getAllByRole('button').map((b) => b.textContent);
    expect(options).toEqual(['Pay with Razorpay (₹500)', 'Pay with PayPal (₹500)']);
    // Each button says what its gateway takes, not only the brand.
    const takes = (name: string) => document.getElementById(screen.getByRole('button', { name }).getAttribute('aria-describedby') ?? '')?.textContent;
    expect(takes('Pay with Razorpay (₹500)')).toBe('UPI, cards, netbanking');
    expect(takes('Pay with PayPal (₹500)')).toBe('Cards and PayPal balance');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Payment Error' when the checkout cannot start, and lets the learner try again", async () => {
    const held = heldReply();
    const calls = serve({ 'POST /api/create-subscription-payment': held.handler });
    renderPage(<SubscriptionPage />);
    await chooseIndia();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with Razorpay (₹500)' }));
    const opening = await screen.findByRole('button', { name: 'Opening checkout…' });
    expect(opening.hasAttribute('disabled')).toBe(true);
    held.answer(apiError(503, 'Billing is unavailable'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Payment ErrorThe payment could not be started. Please try again in a moment.');
    expect(screen.getByRole('button', { name: 'Pay with Razorpay (₹500)' }).hasAttribute('disabled')).toBe(false);
    expect(sent(calls)[0]!.body).toEqual({ region: 'india' });
  });

  it("back from the gateway: says it is confirming, then 'Payment Verification Failed' when the server refuses the signature", async () => {
    window.history.replaceState(null, '', RETURN_FROM_RAZORPAY);
    const held = heldReply();
    const calls = serve({ 'POST /api/process-subscription-payment': held.handler });
    renderPage(<SubscriptionPage />);
    expect((await screen.findByRole('status')).textContent).toBe('Confirming your payment…');
    expect(window.location.search).toBe('');
    held.answer(apiError(400, 'The payment signature does not match', 'VERIFICATION_FAILED'));
    expect((await screen.findByRole('alert')).textContent).toBe('Payment Verification FailedPlease contact support if money was deducted');
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
    expect(sent(calls)[0]!.body).toEqual({ paymentMethod: 'razorpay', razorpayData: { razorpay_order_id: 'order_N1', razorpay_payment_id: 'pay_N1', razorpay_signature: 'sig' } });
  });

  it("back from the gateway: 'Payment Processing Error' when the confirmation fails otherwise", async () => {
    window.history.replaceState(null, '', RETURN_FROM_RAZORPAY);
    serve({ 'POST /api/process-subscription-payment': apiError(503, 'Billing is unavailable') });
    renderPage(<SubscriptionPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Payment Processing ErrorThere was an issue processing your payment. Please contact support');
  });

  it("back from the gateway cancelled: 'Payment Cancelled', nothing confirmed", async () => {
    window.history.replaceState(null, '', '/subscription?provider=paypal&cancelled=1');
    const calls = serve();
    renderPage(<SubscriptionPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Payment CancelledYour payment was cancelled. You can try again anytime');
    expect(sent(calls)).toEqual([]);
  });

  it("back from the gateway paid: 'Payment successful', then the dashboard after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.history.replaceState(null, '', RETURN_FROM_RAZORPAY);
    serve({
      'POST /api/process-subscription-payment': {
        body: { success: true, paymentId: 'pay_N1', status: 'captured', subscription: null },
      },
    });
    renderPage(<SubscriptionPage />);
    const notice = await screen.findByText('Payment successful');
    expect(notice.closest('[role="status"]')!.textContent).toBe('Payment successfulYour premium plan is active. Taking you to your dashboard…');
    expect(window.location.pathname).toBe('/subscription');
    await act(async () => { await vi.advanceTimersByTimeAsync(2000); });
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('a subscriber sees the plan and its end date, with no checkout, until choosing to add a year', async () => {
    const calls = serve({ 'GET /api/subscription/status': status(SUBSCRIBER) });
    renderPage(<SubscriptionPage />);
    expect(await screen.findByRole('heading', { name: 'Premium until 27 Nov 2027' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Payment options' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay with/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Add one more year/ }));
    await chooseIndia();
    expect(screen.getByText('₹500 for one more year: premium until 27 Nov 2028. One payment, no automatic renewal.')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Payment options' })).getAllByRole('button').map((b) => b.textContent))
      .toEqual(['Pay with Razorpay (₹500)', 'Pay with PayPal (₹500)']);
    expect(sent(calls)).toEqual([]);
  });

  it('the choice to pay again says what it adds, in the price of the region', async () => {
    serve({ 'GET /api/subscription/status': status(SUBSCRIBER) });
    renderPage(<SubscriptionPage />);
    expect((await screen.findByRole('button', { name: /^Add one more year/ })).textContent)
      .toMatch(/^Add one more year \((₹500|\$5|€5)\): premium until 27 Nov 2028$/);
  });

  it('a plan that has ended offers the yearly plan again', async () => {
    serve({ 'GET /api/subscription/status': status({ subscriptionStatus: 'expired', subscriptionEndsAt: '2025-11-27T06:00:00.000Z' }) });
    renderPage(<SubscriptionPage />);
    await chooseIndia();
    expect(screen.getByText('₹500 per year, one payment, no automatic renewal.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /^Premium until/ })).toBeNull();
  });
});
