import { describe, expect, it } from 'vitest';
import { decideRefund, type PaidPeriod } from '../../src/domain/refund-policy';

const DAY = 86_400_000;
const paidAt = new Date('2026-05-01T09:00:00.000Z');
const period = (over: Partial<PaidPeriod> = {}): PaidPeriod => ({
  subscriptionId: 'a'.repeat(24), provider: 'razorpay', startsAt: paidAt, endsAt: new Date(paidAt.getTime() + 365 * DAY),
  paidAt, firstTime: true, ended: false, ...over,
});
const at = (days: number) => new Date(paidAt.getTime() + days * DAY);

describe('the refund policy (7-day money-back guarantee, first-time subscriptions only)', () => {
  it('refunds a first-time subscription in full within 7 days, with the gateway refund time', () => {
    const d = decideRefund(at(6.9), [period()]);
    expect(d.outcome).toBe('refunded');
    expect(d.reason).toContain('5-7 business days');
    expect(decideRefund(at(7), [period({ provider: 'paypal' })]).reason).toContain('3-5 business days');
  });

  it('refuses a late request, and says when the window ended', () => {
    const d = decideRefund(at(7.01), [period()]);
    expect(d.outcome).toBe('refused');
    expect(d.reason).toContain('ended on 2026-05-08');
    expect(d.refusal).toBe('window-ended');
  });

  it('refuses renewals and unpaid (free or trial) plans', () => {
    expect(decideRefund(at(1), [period({ firstTime: false })])).toMatchObject({ outcome: 'refused', refusal: 'renewal', reason: expect.stringContaining('renewals') });
    expect(decideRefund(at(1), [period({ provider: 'seed' })])).toMatchObject({ outcome: 'refused', refusal: 'not-paid' });
  });

  it('says how long the money takes (spec §1) only when it refunds', () => {
    expect(decideRefund(at(1), [period()]).refundTime).toBe('5-7 business days');
    expect(decideRefund(at(1), [period({ provider: 'paypal' })]).refundTime).toBe('3-5 business days');
    expect(decideRefund(at(8), [period()]).refundTime).toBeNull();
  });

  it('has nothing to do without a live paid period', () => {
    expect(decideRefund(at(1), [])).toMatchObject({ outcome: 'no-subscription', refusal: 'no-subscription' });
    expect(decideRefund(at(1), [period({ ended: true })]).outcome).toBe('no-subscription');
    expect(decideRefund(at(400), [period()]).outcome).toBe('no-subscription');
  });

  it('judges a request by the period it is for: paying twice within minutes does not make the first payment a renewal', () => {
    const first = period();
    const second = period({ subscriptionId: 'b'.repeat(24), startsAt: first.endsAt, endsAt: new Date(first.endsAt.getTime() + 365 * DAY), paidAt: new Date(paidAt.getTime() + 3 * 60_000), firstTime: false });
    const d = decideRefund(at(1), [first, second]);
    expect(d).toMatchObject({ outcome: 'refunded', period: { subscriptionId: first.subscriptionId } });
    // Once the first year is over, the second is the period in force, and it is a renewal.
    expect(decideRefund(at(366), [first, second])).toMatchObject({ outcome: 'refused', period: { subscriptionId: second.subscriptionId } });
  });
});
