// /my-plan: the plan and until when, each payment as a receipt (amount, date, method, valid until) that prints alone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PaymentStatusReport } from '@lp/contracts';
import { useSession } from '@lp/web-platform';
import { LANGUAGE_STORAGE_KEY, setLanguage, useI18n } from '@lp/web-platform/i18n';
import { apiError, fakeApi, renderPage } from '@lp/web-platform/testing';
import { MyPlanPage } from '../../src/pages/MyPlanPage.tsx';

const LEARNER = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaa1', email: 'ravi@example.test', firstName: 'Ravi', lastName: 'Subscriber', role: 'learner' as const, selectedClass: null, selectedSubject: null,
};
const status = (over: Record<string, unknown> = {}) => ({
  body: { canTakeQuiz: true, trialQuizzesRemaining: 1, quizzesCompleted: 0, subscriptionStatus: 'active', subscriptionEndsAt: '2027-11-27T12:00:00.000Z', ...over },
});
const report: PaymentStatusReport = {
  successful: 1, pending: 0, failed: 0, refunded: 0, notCompleted: 1,
  transactions: [
    { paymentId: 'order_N2', status: 'created', currency: 'INR', amount: '500.00', method: 'paypal', timestamp: '2026-11-28T10:00:00.000Z' },
    {
      paymentId: 'pay_N1', status: 'captured', currency: 'INR', amount: '500.00', method: 'razorpay', timestamp: '2026-11-27T06:30:00.000Z',
      validFrom: '2026-11-27T06:30:00.000Z', validUntil: '2027-11-27T06:30:00.000Z',
    },
  ],
};

beforeEach(() => useSession.setState({ status: 'authenticated', user: LEARNER, error: null }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/my-plan', () => {
  it('shows the plan and each payment with its amount, date, method and valid-until, in Indian form', async () => {
    fakeApi({ 'GET /api/subscription/status': status(), 'GET /api/payment-status': { body: report } });
    renderPage(<MyPlanPage />);
    expect(await screen.findByRole('heading', { name: 'Premium until 27 Nov 2027' })).toBeTruthy();
    const receipts = within(await screen.findByRole('list', { name: 'Payments' })).getAllByRole('listitem');
    expect(receipts).toHaveLength(1); // a checkout never paid has no receipt
    const receipt = receipts[0]!;
    expect(receipt.textContent).toContain('₹500');
    expect(receipt.textContent).toContain('Paid');
    expect(receipt.textContent).toMatch(/Paid on27 Nov 2026, \d{1,2}:\d{2} (am|pm)/);
    expect(receipt.textContent).toContain('MethodRazorpay');
    expect(receipt.textContent).toContain('Valid until27 Nov 2027');
    expect(receipt.textContent).toContain('Billed toRavi Subscriber <ravi@example.test>');
  });

  it('prints the chosen receipt alone', async () => {
    const print = vi.fn(() => {
      // While printing, only the chosen receipt is marked for the print stylesheet.
      expect(document.querySelectorAll('.lp-receipt--printing')).toHaveLength(1);
    });
    vi.stubGlobal('print', print);
    fakeApi({ 'GET /api/subscription/status': status(), 'GET /api/payment-status': { body: report } });
    renderPage(<MyPlanPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('.lp-receipt--printing')).toHaveLength(0);
  });

  it('without a plan, says so and leads to it', async () => {
    fakeApi({
      'GET /api/subscription/status': status({ subscriptionStatus: 'none', subscriptionEndsAt: null }),
      'GET /api/payment-status': { body: { ...report, successful: 0, transactions: [] } },
    });
    renderPage(<MyPlanPage />);
    expect(await screen.findByRole('heading', { name: 'No plan yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plan' }).getAttribute('href')).toBe('/subscribe');
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
  });

  describe('a refund: what will happen, confirm, then what was done (issue 31 §1)', () => {
    const quote = { eligible: true, reason: 'Full refund approved.', amount: '500.00', currency: 'INR', method: 'razorpay', refundTime: '5-7 business days', paidAt: '2026-11-27T06:30:00.000Z', windowEndsAt: '2026-12-04T06:30:00.000Z' };
    const result = { outcome: 'refunded', amount: '500.00', currency: 'INR', method: 'razorpay', refundTime: '5-7 business days', reason: 'Full refund approved.' };

    it('says what will happen before anything is refunded, and refunds only on Confirm', async () => {
      const calls = fakeApi({
        'GET /api/subscription/status': status(), 'GET /api/payment-status': { body: report },
        'GET /api/refund': { body: quote }, 'POST /api/refund': { body: result },
      });
      renderPage(<MyPlanPage />);
      fireEvent.click(await screen.findByRole('button', { name: 'Ask for a refund' }));
      expect((await screen.findByTestId('refund-summary')).textContent).toBe('₹500 back to the original method in 5-7 business days; premium ends now.');
      expect(screen.getByText('4 Dec 2026')).toBeTruthy(); // the last day a refund may be asked for
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Confirm refund' }));
      expect((await screen.findByRole('status')).textContent).toBe('₹500 is on its way back to your original payment method (Razorpay): it arrives within 5-7 business days. Premium has ended.');
      expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/refund')).toHaveLength(1);
      expect(calls.find((c) => c.method === 'POST')!.body).toEqual({});
    });

    it('Keep my plan closes it with nothing sent', async () => {
      const calls = fakeApi({ 'GET /api/subscription/status': status(), 'GET /api/payment-status': { body: report }, 'GET /api/refund': { body: quote } });
      renderPage(<MyPlanPage />);
      fireEvent.click(await screen.findByRole('button', { name: 'Ask for a refund' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Keep my plan' }));
      expect(await screen.findByRole('button', { name: 'Ask for a refund' })).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('when not eligible, says why and offers no Confirm', async () => {
      fakeApi({
        'GET /api/subscription/status': status(), 'GET /api/payment-status': { body: report },
        'GET /api/refund': { body: { eligible: false, reason: 'The 7-day money-back guarantee ended on 2026-12-04; later requests are not refunded.' } },
      });
      renderPage(<MyPlanPage />);
      fireEvent.click(await screen.findByRole('button', { name: 'Ask for a refund' }));
      expect(await screen.findByText(/money-back guarantee ended on 2026-12-04/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Confirm refund' })).toBeNull();
    });

    it('from a refund ticket (/my-plan?ticket=…): opens at once, sends the ticket and says it is resolved; a refusal is shown in place', async () => {
      window.history.pushState({}, '', '/my-plan?ticket=LP-2026-000123');
      let refuse = true;
      const calls = fakeApi({
        'GET /api/subscription/status': status(), 'GET /api/payment-status': { body: report }, 'GET /api/refund': { body: quote },
        'POST /api/refund': () => (refuse ? apiError(502, 'The refund could not be sent to your payment method right now. Nothing was refunded; please try again in a few minutes.', 'GATEWAY_ERROR') : { body: { ...result, ticketNumber: 'LP-2026-000123' } }),
      });
      try {
        renderPage(<MyPlanPage />);
        fireEvent.click(await screen.findByRole('button', { name: 'Confirm refund' }));
        expect((await screen.findByRole('alert')).textContent).toContain('Nothing was refunded');
        refuse = false;
        fireEvent.click(screen.getByRole('button', { name: 'Confirm refund' }));
        expect(await screen.findByText('Your ticket LP-2026-000123 is marked resolved with this outcome.')).toBeTruthy();
        expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ticketNumber: 'LP-2026-000123' }, { ticketNumber: 'LP-2026-000123' }]);
      } finally {
        window.history.pushState({}, '', '/');
      }
    });
  });
});

describe('/my-plan in Hindi (issue 33 §1)', () => {
  afterEach(() => {
    useI18n.setState({ language: 'en' });
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });

  it('shows the plan, the receipt and the refund in Hindi, money and names as they are', async () => {
    fakeApi({ 'GET /api/subscription/status': status(), 'GET /api/payment-status': { body: report } });
    await setLanguage('hi');
    renderPage(<MyPlanPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरा प्लान और भुगतान' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /तक प्रीमियम$/ })).toBeTruthy();
    const receipt = within(await screen.findByRole('list', { name: 'भुगतान' })).getByRole('listitem', { name: 'रसीद pay_N1' });
    expect(receipt.textContent).toContain('₹500');
    expect(within(receipt).getByText('भुगतान हुआ')).toBeTruthy();
    expect(within(receipt).getByRole('button', { name: 'रसीद प्रिंट करें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'पैसे वापस माँगें' })).toBeTruthy();
  });

  it('says why a refund is refused in Hindi, from the refusal svc-billing names, with the date as pages write it', async () => {
    fakeApi({
      'GET /api/subscription/status': status(), 'GET /api/payment-status': { body: report },
      'GET /api/refund': { body: { eligible: false, refusal: 'window-ended', windowEndsAt: '2026-12-04T09:00:00.000Z', reason: 'The 7-day money-back guarantee ended on 2026-12-04; later requests are not refunded.' } },
    });
    await setLanguage('hi');
    renderPage(<MyPlanPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'पैसे वापस माँगें' }));
    const note = await screen.findByText(/^7 दिन की पैसे-वापसी गारंटी .+ को समाप्त हो गई/);
    expect(note.textContent).toContain('2026');
    expect(note.textContent).not.toContain('money-back');
    expect(screen.queryByRole('button', { name: 'पैसे वापसी पक्की करें' })).toBeNull();
  });
});
