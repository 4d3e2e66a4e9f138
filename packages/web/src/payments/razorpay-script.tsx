import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { plansQuery } from '../lib/api/get-plans';
import { useSession } from '../lib/session';
import { RAZORPAY_SCRIPT_URL } from './razorpay-checkout';

/**
 * Loads Razorpay's checkout script only while a user is signed in and the server takes payments
 * through Razorpay (keys configured), and removes it on sign-out (spec 7.1).
 */
export function RazorpayScript() {
  const { user } = useSession();
  const plans = useQuery(plansQuery);
  const wanted = user !== null && plans.data?.checkout.mode === 'razorpay';

  useEffect(() => {
    if (!wanted) return;
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    document.body.appendChild(script);
    return () => {
      script.remove();
      delete window.Razorpay;
    };
  }, [wanted]);

  return null;
}
