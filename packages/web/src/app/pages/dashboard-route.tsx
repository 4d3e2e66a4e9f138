import { ApiUsageSummary } from '../../api-keys';
import DashboardPage from '../../dashboard/dashboard-page';
import { BuyCreditsButton, PaymentSuccessAlert } from '../../payments';
import { planPurchase } from './plan-purchase';

/** /dashboard: the dashboard with the payments and API keys panels of their features. */
export default function DashboardRoute() {
  return (
    <DashboardPage
      panels={{
        paymentNotice: <PaymentSuccessAlert />,
        apiUsage: <ApiUsageSummary />,
        buyCredits: <BuyCreditsButton label="Buy More" />,
        purchase: planPurchase,
      }}
    />
  );
}
