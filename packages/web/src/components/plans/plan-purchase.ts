import type { CreditPack, Currency, First50Offer, PaymentMode, Plan, PlanChoice } from '@unnest/contracts';
import type { ReactNode } from 'react';

/** The upgrade a user chose on a plan card, as Upgrade Your Plan takes it. */
export interface PlanUpgrade {
  plan: Plan | null;
  /** The server's word on this plan for the account; null: not known (nothing is offered). */
  choice: PlanChoice | null;
  /** End of the month the account has paid for, if one runs. */
  periodEnd: string | null;
  onClose: () => void;
  currency: Currency;
  mode: PaymentMode;
  offer: First50Offer;
}

/** A credit pack purchase, as Buy Credits takes it. */
export interface CreditPurchase {
  open: boolean;
  onClose: () => void;
  packs: CreditPack[];
  currency: Currency;
  mode: PaymentMode;
  initialPack?: string;
}

/**
 * The payments feature's pieces a page selling plans shows (pricing, the dashboard's Choose Your Plan).
 * Those pages take them as a prop; the page composing them in `app/` gives the payments feature's.
 */
export interface PlanPurchasePanels {
  checkoutNotice: (mode: PaymentMode) => ReactNode;
  first50Banner: ReactNode;
  upgradeDialog: (upgrade: PlanUpgrade) => ReactNode;
  buyCreditsDialog: (purchase: CreditPurchase) => ReactNode;
  paymentHistory: ReactNode;
}
