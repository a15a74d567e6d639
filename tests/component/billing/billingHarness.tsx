import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { BillingPage } from '../../../src/features/billing/BillingPage';
import type { CheckoutAvailability } from '../../../src/features/billing/billingService';
import { fakeBillingService, type BillingWorld } from '../../doubles/fakeBillingCallables';

/** Noon UTC, so the dates shown are the same in every time zone a test machine may have. */
export const NOW = Date.UTC(2027, 0, 15, 12);

export function renderBillingPage(world: BillingWorld, availability: CheckoutAvailability = 'ready') {
  const user = userEvent.setup();
  const redirect = vi.fn<(url: string) => void>();
  const service = fakeBillingService(world, availability);
  render(
    <MemoryRouter initialEntries={['/billing']}>
      <Routes>
        <Route path="/billing" element={<BillingPage service={service} redirect={redirect} now={() => world.now} />} />
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, redirect };
}
