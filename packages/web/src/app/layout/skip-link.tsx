import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';

/** The id of the page's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first tab stop of every page, hidden until it has keyboard focus. It
 * moves focus (not only the scroll position) to the main region, so the next Tab starts inside the
 * page instead of at the top bar; the URL keeps no `#` fragment, which the router would treat as a
 * navigation.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    // focus() also scrolls the region into view.
    main.focus();
  }
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        // Off screen, not display:none, so it stays in the tab order; shown while focused.
        transform: 'translateY(-200%)',
        '&:focus-visible, &:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Link>
  );
}
