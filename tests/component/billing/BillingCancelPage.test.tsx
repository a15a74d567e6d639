import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BillingCancelPage } from '../../../src/features/billing/BillingCancelPage';

function renderCancelPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/billing/cancel']}>
      <Routes>
        <Route path="/billing/cancel" element={<BillingCancelPage />} />
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        <Route path="/billing" element={<h1>Billing page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user };
}

describe('BillingCancelPage', () => {
  it('says no charges were made and the plan is unchanged (free, or the trial still running)', () => {
    renderCancelPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout cancelled' })).toBeInTheDocument();
    expect(screen.getByText('No charges were made, and your plan has not changed.')).toBeInTheDocument();
  });

  it('has one h1 inside the main landmark', () => {
    renderCancelPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('links to the dashboard', async () => {
    const { user } = renderCancelPage();
    await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('links back to billing', async () => {
    const { user } = renderCancelPage();
    await user.click(screen.getByRole('link', { name: 'Back to Billing' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Billing page' })).toBeInTheDocument();
  });
});
