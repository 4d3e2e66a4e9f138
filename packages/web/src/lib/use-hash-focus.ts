import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Focuses (and scrolls to) the element the URL's hash names, whenever the hash changes: a recommendation's
 * link to `/convert#spreadsheet-safe` lands on that control.
 */
export function useHashFocus(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  }, [hash]);
}
