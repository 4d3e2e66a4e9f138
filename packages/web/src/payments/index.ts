// What the payments feature offers the pages app/ composes (pricing, dashboard, settings, converter,
// analysis) and the app shell; everything else in this folder is its own. The router loads
// payment-return-page and receipt-page by their files.
export { BuyCreditsButton } from './buy-credits-button';
export { BuyCreditsDialog } from './buy-credits-dialog';
export { CheckoutModeNotice } from './checkout-mode-notice';
export { First50Banner } from './first50-banner';
export { ManageSubscription } from './manage-subscription';
export { PaymentHistory } from './payment-history';
export { PaymentSuccessAlert } from './payment-success-alert';
export { RazorpayScript } from './razorpay-script';
export { UpgradePlanDialog } from './upgrade-plan-dialog';
