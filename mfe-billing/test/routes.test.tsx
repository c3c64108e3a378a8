import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from '../src/App.tsx';
import { UpgradeDialog } from '../src/UpgradeDialog.tsx';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

// Pages load lazily (one chunk each): wait for the page's heading.
const headingAt = async (path: string) => {
  window.history.replaceState(null, '', path);
  render(<App />);
  return (await screen.findByRole('heading', { level: 1 })).textContent;
};

describe('billing route switch', () => {
  it.each([
    ['/subscribe', 'Subscription'],
    ['/subscription', 'Subscription'],
    ['/test-payment', 'Payment Test'],
    ['/payment-status', 'Payment Status'],
    ['/my-plan', 'My plan and payments'],
    ['/feedback', 'Feedback'],
  ])('%s shows "%s"', async (path, heading) => {
    expect(await headingAt(path)).toBe(heading);
  });

  it('feedback has its subtitle', async () => {
    await headingAt('/feedback');
    expect(screen.getByText('Help us improve the product')).toBeTruthy();
  });
});

describe('UpgradeDialog', () => {
  it('offers a sample quiz or the subscription page, with the yearly price', () => {
    const onTrySample = vi.fn();
    const onOpenChange = vi.fn();
    render(<UpgradeDialog open onOpenChange={onOpenChange} onTrySample={onTrySample} />);
    expect(screen.getByRole('dialog', { name: 'Upgrade to Premium' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscription');
    expect(screen.getByRole('dialog').textContent).toMatch(/(₹500|\$5|€5) per year/);
    fireEvent.click(screen.getByRole('button', { name: 'Try Sample Quiz' }));
    expect(onTrySample).toHaveBeenCalledOnce();
  });
});
