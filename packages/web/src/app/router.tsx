import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import LandingPage from '../landing/landing-page';
import { useSession } from '../lib/session';
import { AppShell } from './app-shell';
import { RouteError } from './route-error';
import { CallbackPage, FallbackRedirect, RequireUser } from './route-guards';

// The landing page, the first page of most visits, is in the entry chunk (no second round trip before
// it paints); every other screen is its own chunk, loaded when first visited.
const PricingRoute = lazy(() => import('./pages/pricing-route'));
const ConvertPage = lazy(() => import('./pages/convert-route'));
const FilesRoute = lazy(() => import('./pages/files-route'));
const AuditPage = lazy(() => import('../audit/audit-page'));
const DashboardRoute = lazy(() => import('./pages/dashboard-route'));
const SettingsRoute = lazy(() => import('./pages/settings-route'));
const BatchPage = lazy(() => import('../batch/batch-page'));
const PaymentReturnPage = lazy(() => import('../payments/payment-return-page'));
const ReceiptPage = lazy(() => import('../payments/receipt-page'));
const AdminArea = lazy(() => import('../admin'));

/** `/`: the landing page for visitors, the dashboard for signed-in users. */
function HomeRoute() {
  const { user } = useSession();
  return user ? <Navigate to="/dashboard" replace /> : <LandingPage />;
}

/** The routes of spec section 2.1. */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'pricing', element: <PricingRoute /> },
      { path: 'callback', element: <CallbackPage /> },
      {
        element: <RequireUser />,
        children: [
          { path: 'convert', element: <ConvertPage /> },
          { path: 'convert-page', element: <Navigate to="/convert" replace /> },
          { path: 'files', element: <FilesRoute /> },
          { path: 'batch', element: <BatchPage /> },
          { path: 'dashboard', element: <DashboardRoute /> },
          { path: 'audit', element: <AuditPage /> },
          { path: 'settings', element: <SettingsRoute /> },
          { path: 'payments/return', element: <PaymentReturnPage /> },
          { path: 'payments/receipts/:id', element: <ReceiptPage /> },
          { path: 'admin/*', element: <AdminArea /> },
        ],
      },
      { path: '*', element: <FallbackRedirect /> },
    ],
  },
]);
