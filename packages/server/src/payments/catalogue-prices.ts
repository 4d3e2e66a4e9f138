import type { Currency } from '@unnest/contracts';
import { AppError } from '../platform/errors.js';
import { CREDIT_PACKS, PLAN_CATALOGUE, smallestUnit } from '../platform/plan-catalogue.js';

/** What an order buys and for how much, taken from the catalogue alone. */
export interface CatalogueItem {
  kind: 'plan' | 'credits';
  itemId: string;
  name: string;
  /** In the currency's smallest unit. */
  amount: number;
  /** Conversions a pack adds (0 for a plan). */
  credits: number;
}

/** A plan one can buy online (priced, not Free); throws INVALID_PLAN otherwise. */
export function purchasablePlan(planId: string, currency: Currency): CatalogueItem {
  const plan = PLAN_CATALOGUE.find((candidate) => candidate.id === planId);
  const price = plan?.prices?.[currency];
  if (!plan || price === undefined || price <= 0) throw new AppError('INVALID_PLAN');
  return {
    kind: 'plan',
    itemId: plan.id,
    name: `${plan.name} plan, one month`,
    amount: smallestUnit(price),
    credits: 0,
  };
}

/** A credit pack; throws INVALID_PACK for an unknown id. */
export function purchasablePack(packId: string, currency: Currency): CatalogueItem {
  const pack = CREDIT_PACKS.find((candidate) => candidate.id === packId);
  if (!pack) throw new AppError('INVALID_PACK');
  return {
    kind: 'credits',
    itemId: pack.id,
    name: `${pack.name} (${pack.conversions} conversion credits)`,
    amount: smallestUnit(pack.prices[currency]),
    credits: pack.conversions,
  };
}

/** The catalogue item an order row names (the row stores only kind and id). */
export function itemOfOrder(kind: string, itemId: string, currency: Currency): CatalogueItem {
  return kind === 'plan' ? purchasablePlan(itemId, currency) : purchasablePack(itemId, currency);
}
