import { cleanup, render, screen } from '@testing-library/react';
import type { Plan, PlanChoice } from '@unnest/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanCards } from './plan-cards';
import { PlanChoiceAction } from './plan-choice-action';
import { PlanComparisonTable } from './plan-comparison-table';

afterEach(cleanup);

function plan(id: Plan['id'], name: string, inr: number): Plan {
  return {
    id,
    name,
    price: inr / 2,
    original_price: inr,
    currency: 'INR',
    prices: { INR: inr, USD: 9 },
    popular: false,
    file_size_limit_mb: 100,
    conversions_per_day: -1,
    api_calls_per_month: 1000,
    batch_size: 0,
    storage_gb: 10,
    retention_hours: 24,
    conversion_time_limit_seconds: 600,
    formats: ['csv', 'json'],
    speed: 'Queue priority 5',
    support: 'Email',
    features: [],
  };
}

const STARTER = plan('starter', 'Starter', 499);
const BUSINESS = plan('business', 'Business', 9999);
const PROFESSIONAL = plan('professional', 'Professional', 2499);
const UNTIL = '2030-01-15T00:00:00.000Z';

function choice(over: Partial<PlanChoice> & Pick<PlanChoice, 'plan_id' | 'change'>): PlanChoice {
  return { can_buy: false, first_month_discount: false, available_from: null, ...over };
}

describe('plan cards for a Professional subscriber', () => {
  const choices: PlanChoice[] = [
    choice({ plan_id: 'starter', change: 'downgrade', available_from: UNTIL }),
    choice({ plan_id: 'professional', change: 'current', can_buy: true }),
    choice({ plan_id: 'business', change: 'upgrade', can_buy: true }),
  ];
  const of = (candidate: Plan) => choices.find((entry) => entry.plan_id === candidate.id);

  function renderCards() {
    render(
      <PlanCards
        plans={[STARTER, PROFESSIONAL, BUSINESS]}
        currency="INR"
        current="professional"
        firstMonthDiscount={(candidate) => of(candidate)?.first_month_discount ?? false}
        action={(candidate) => (
          <PlanChoiceAction plan={candidate} choice={of(candidate)} mode="test" onBuy={() => {}} salesEmail={null} />
        )}
      />,
    );
  }

  it('says Downgrade with what happens to the paid month, never “Upgrade to Starter” or its offer', () => {
    renderCards();
    expect(screen.queryByRole('button', { name: 'Upgrade to Starter' })).toBeNull();
    expect(
      screen.getByText(
        // The app's one date format (en-US here), never 1/15/2030.
        'Downgrade: Starter can be bought from Jan 15, 2030, when the month you paid for ends. Until then your plan stays as it is.',
      ),
    ).toBeTruthy();
    // The regular price, not the first-month half.
    expect(screen.getByText('₹499')).toBeTruthy();
    expect(screen.queryByText('₹249.50')).toBeNull();
  });

  it('says Current with the next month to buy, and Upgrade for a higher plan', () => {
    renderCards();
    expect(screen.getByText('Your plan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy the next month' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Business' })).toBeTruthy();
  });

  it('shows the first-month price only where the server says this account gets it', () => {
    render(
      <PlanCards
        plans={[STARTER]}
        currency="INR"
        firstMonthDiscount={() => true}
        action={() => (
          <PlanChoiceAction
            plan={STARTER}
            choice={choice({ plan_id: 'starter', change: 'upgrade', can_buy: true, first_month_discount: true })}
            mode="test"
            onBuy={() => {}}
            salesEmail={null}
          />
        )}
      />,
    );
    expect(screen.getByRole('button', { name: 'Upgrade to Starter' })).toBeTruthy();
    expect(screen.getByText('₹249.50')).toBeTruthy();
  });

  it('a downgrade from an operator’s plan points to the operator', () => {
    render(
      <PlanChoiceAction
        plan={STARTER}
        choice={choice({ plan_id: 'starter', change: 'downgrade' })}
        mode="test"
        onBuy={() => {}}
        salesEmail={null}
      />,
    );
    expect(screen.getByText(/given by the operator of this server/)).toBeTruthy();
  });

  it('offers Contact Sales on a plan priced on request, an e-mail to the server’s sales address', () => {
    const enterprise = { ...plan('enterprise', 'Enterprise', 0), prices: null };
    const current = choice({ plan_id: 'enterprise', change: 'upgrade', can_buy: false });
    render(
      <PlanChoiceAction
        plan={enterprise}
        choice={current}
        mode="test"
        onBuy={() => {}}
        salesEmail="sales@example.com"
      />,
    );
    screen.getByText('Priced on request');
    const contact = screen.getByRole('link', { name: 'Contact Sales' });
    expect(contact.getAttribute('href')).toBe('mailto:sales@example.com?subject=Unnest%20Enterprise%20plan');
    cleanup();
    // Where the server names no address, the words alone: no control that leads nowhere.
    render(<PlanChoiceAction plan={enterprise} choice={current} mode="test" onBuy={() => {}} salesEmail={null} />);
    screen.getByText('Priced on request');
    expect(screen.queryByRole('link', { name: 'Contact Sales' })).toBeNull();
  });
});

describe('the feature comparison', () => {
  it('writes file sizes and storage in the one size format', () => {
    render(
      <PlanComparisonTable
        plans={[
          { ...STARTER, storage_gb: 0.01 },
          { ...BUSINESS, file_size_limit_mb: 4096 },
        ]}
      />,
    );
    const cells = (label: string) =>
      [...(screen.getByRole('rowheader', { name: label }).parentElement?.children ?? [])]
        .slice(1)
        .map((cell) => cell.textContent);
    expect(cells('Storage')).toEqual(['10.2 MB', '10 GB']);
    expect(cells('File size')).toEqual(['100 MB', '4 GB']);
  });
});
