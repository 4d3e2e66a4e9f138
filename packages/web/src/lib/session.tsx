import { useQueryClient } from '@tanstack/react-query';
import type { AccessTokenClaims } from '@unnest/contracts';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { REFRESH_MARGIN_SECONDS, refreshSession, signOutHere } from './api-client';
import { getSession, nowSeconds, restoreStoredSession, subscribeSession } from './session-store';

/** The signed-in user as the screens see it (spec section 3), from the access token's claims. */
export interface SignedInUser {
  userId: string;
  email: string;
  groups: string[];
  isPremium: boolean;
  plan: string;
}

interface SessionValue {
  user: SignedInUser | null;
  /** True until the stored session has been checked (the app shows 'Loading...'). */
  loading: boolean;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

function userFrom(claims: AccessTokenClaims): SignedInUser {
  return {
    userId: claims.sub,
    email: claims.email,
    groups: claims.groups ?? [],
    isPremium: claims.is_premium === true,
    plan: claims.plan ?? 'free',
  };
}

/** Restores the stored session, keeps the token fresh, and offers sign-out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession);
  const [loading, setLoading] = useState(true);
  const queryClient = useQueryClient();

  useEffect(() => {
    const stored = restoreStoredSession();
    // A stored but expired token means the user never signed out: the refresh cookie may renew it.
    if (stored === 'expired') refreshSession().finally(() => setLoading(false));
    else setLoading(false);
  }, []);

  // Renew the token shortly before it expires, so a user at work is never signed out mid-task.
  const expiresAt = session?.expiresAt;
  useEffect(() => {
    if (expiresAt === undefined) return;
    const delayMs = Math.max(0, (expiresAt - nowSeconds() - REFRESH_MARGIN_SECONDS) * 1000);
    // Timers hold at most 2^31-1 ms; a longer delay would fire at once, so a far expiry renews early instead.
    const timer = setTimeout(() => void refreshSession(), Math.min(delayMs, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [expiresAt]);

  // What the app holds of a user is forgotten when they leave (sign-out, a refused renewal, a deleted
  // account). In an effect, so it runs after the render that closed the private pages: cleared while one was
  // still shown, its queries would be asked again, now without a token.
  const userId = session?.claims.sub ?? null;
  const shownFor = useRef(userId);
  useEffect(() => {
    if (shownFor.current !== null && shownFor.current !== userId) queryClient.clear();
    shownFor.current = userId;
  }, [userId, queryClient]);

  const claims = session?.claims;
  const user = useMemo(() => (claims ? userFrom(claims) : null), [claims]);
  const value = useMemo(() => ({ user, loading, signOut: signOutHere }), [user, loading]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in user (or null), the loading flag and sign-out. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
