import type { PlanPurchasePanels } from '../../components/plans/plan-purchase';
import { BuyCreditsDialog, CheckoutModeNotice, First50Banner, PaymentHistory, UpgradePlanDialog } from '../../payments';

/** The payments feature's pieces of the pages that sell plans (pricing, the dashboard). */
export const planPurchase: PlanPurchasePanels = {
  checkoutNotice: (mode) => <CheckoutModeNotice mode={mode} />,
  first50Banner: <First50Banner />,
  upgradeDialog: (upgrade) => <UpgradePlanDialog {...upgrade} />,
  buyCreditsDialog: (purchase) => <BuyCreditsDialog {...purchase} />,
  paymentHistory: <PaymentHistory />,
};
