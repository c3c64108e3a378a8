// /my-plan: the plan and until when, each payment as a receipt (amount, date, method, valid until) that prints alone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PaymentStatusReport } from '@lp/contracts';
import { useSession } from '@lp/web-platform';
import { fakeApi, renderPage } from '@lp/web-platform/testing';
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
});
