import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';

/**
 * While `unsaved`, leaving the page asks first: a move to another page of the app is held (the blocker, for a
 * dialog to proceed or reset), and closing or reloading the tab gets the browser's own question.
 */
export function useLeaveGuard(unsaved: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  return blocker;
}
