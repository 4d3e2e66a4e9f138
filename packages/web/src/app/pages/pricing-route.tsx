import PricingPage from '../../pricing/pricing-page';
import { planPurchase } from './plan-purchase';

/** /pricing: the plans, bought through the payments feature's dialogs. */
export default function PricingRoute() {
  return <PricingPage purchase={planPurchase} />;
}
