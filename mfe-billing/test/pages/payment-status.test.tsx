// /payment-status's states: loading, the service refusing (then Retry), no payments yet, and the report with
// its counts and coloured statuses (spec §4), the API faked at the fetch boundary.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PaymentStatusReport } from '@lp/contracts';
import { apiError, fakeApi, heldReply, renderPage } from '@lp/web-platform/testing';
import { PaymentStatusPage } from '../../src/pages/PaymentStatusPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report: PaymentStatusReport = {
  successful: 1,
  pending: 1,
  failed: 0,
  refunded: 1,
  notCompleted: 1,
  transactions: [
    { paymentId: 'pay_N1', status: 'captured', currency: 'INR', amount: '500.00', method: 'razorpay', timestamp: '2026-03-01T10:00:00.000Z' },
    { paymentId: 'PAYPAL-2', status: 'pending', currency: 'USD', amount: '5.00', method: 'paypal', timestamp: '2026-03-02T10:00:00.000Z' },
    { paymentId: 'order_N3', status: 'created', currency: 'INR', amount: '500.00', method: 'razorpay', timestamp: '2026-03-03T10:00:00.000Z' },
    { paymentId: 'pay_N4', status: 'refunded', currency: 'INR', amount: '500.00', method: 'razorpay', timestamp: '2026-03-04T10:00:00.000Z' },
  ],
};

describe('/payment-status', () => {
  it('says it is loading until the report comes', async () => {
    const held = heldReply();
    fakeApi({ 'GET /api/payment-status': held.handler });
    renderPage(<PaymentStatusPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading your payments…');
    held.answer({ body: report });
    await screen.findByTestId('count-successful');
    expect(screen.queryByText('Loading your payments…')).toBeNull();
  });

  it('says the status could not be loaded when the service refuses, and Retry loads it', async () => {
    let fail = true;
    fakeApi({ 'GET /api/payment-status': () => (fail ? apiError(503, 'Billing is unavailable') : { body: report }) });
    renderPage(<PaymentStatusPage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('Payment status could not be loaded');
    expect(alert.textContent).toContain('Please try again in a moment.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('count-successful')).textContent).toBe('1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says there are no payments yet, with the way to the plan', async () => {
    fakeApi({ 'GET /api/payment-status': { body: { successful: 0, pending: 0, failed: 0, refunded: 0, notCompleted: 0, transactions: [] } } });
    renderPage(<PaymentStatusPage />);
    expect((await screen.findByText(/No payments yet\./)).textContent).toBe('No payments yet. See the plan');
    expect(screen.getByRole('link', { name: 'See the plan' }).getAttribute('href')).toBe('/subscription');
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
  });

  it('shows the counts and each payment with its amount, method and a coloured status', async () => {
    fakeApi({ 'GET /api/payment-status': { body: report } });
    renderPage(<PaymentStatusPage />);
    expect((await screen.findByTestId('count-successful')).textContent).toBe('1');
    expect(screen.getByTestId('count-pending').textContent).toBe('1');
    expect(screen.getByTestId('count-failed').textContent).toBe('0');
    const rows = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['captured', 'pending', 'refunded']);
    expect(rows[0]!.textContent).toContain('Razorpay');
    expect(rows[0]!.textContent).toContain('₹500');
    expect(rows[0]!.textContent).toMatch(/1 Mar 2026, \d{1,2}:\d{2} (am|pm)/);
    expect(rows[1]!.textContent).toContain('$5');
    expect(rows[0]!.textContent).toContain('pay_N1');
    expect(rows[1]!.textContent).toContain('PayPal');
    expect(within(rows[0]!).getByText('Paid').getAttribute('data-variant')).toBe('success');
    expect(within(rows[1]!).getByText('Processing').getAttribute('data-variant')).toBe('warning');
    expect(screen.queryByText('captured')).toBeNull();
  });

  it('counts a refund as refunded, not paid, and lists checkouts never paid apart, saying no money was taken', async () => {
    fakeApi({ 'GET /api/payment-status': { body: report } });
    renderPage(<PaymentStatusPage />);
    expect((await screen.findByTestId('count-refunded')).textContent).toBe('1');
    expect(screen.getByTestId('count-successful').textContent).toBe('1');
    const refunded = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('listitem')[2]!;
    expect(within(refunded).getByText('Refunded')).toBeTruthy();
    const apart = screen.getByRole('list', { name: 'Checkouts not completed' });
    expect(within(apart).getAllByRole('listitem').map((li) => li.getAttribute('data-status'))).toEqual(['created']);
    expect(within(apart).getByText('Not completed').getAttribute('data-variant')).toBe('muted');
    expect(screen.getByText('You opened these checkouts but did not pay. No money was taken.')).toBeTruthy();
  });
});
