import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { CenteredSpinner } from '../components/centered-spinner';
import { useSession } from '../lib/session';
import { DRAWER_WIDTH, TOP_BAR_HEIGHT } from './layout/sizes';
import { MAIN_CONTENT_ID, SkipLink } from './layout/skip-link';
import { TopBar } from './layout/top-bar';

// Only a signed-in user sees the drawers and the bell: a visitor's first page does not download them.
const NavDrawers = lazy(() => import('./layout/nav-drawers').then((layout) => ({ default: layout.NavDrawers })));
const NotificationBell = lazy(() =>
  import('../notifications').then((feature) => ({ default: feature.NotificationBell })),
);

/** The page frame: skip link and top bar for everyone, plus the navigation drawer for signed-in users. */
export function AppLayout() {
  const { user } = useSession();
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const drawerShown = user !== null && (wide ? desktopOpen : false);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <TopBar
        toggleNavigation={() => (wide ? setDesktopOpen((open) => !open) : setMobileOpen(true))}
        notifications={
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        }
      />
      {user && (
        <Suspense fallback={null}>
          <NavDrawers
            email={user.email}
            mobileOpen={!wide && mobileOpen}
            closeMobile={() => setMobileOpen(false)}
            desktopShown={drawerShown}
          />
        </Suspense>
      )}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        // Focusable by script only (the skip link), never a tab stop of its own.
        tabIndex={-1}
        sx={{
          pt: `${TOP_BAR_HEIGHT}px`,
          ml: drawerShown ? `${DRAWER_WIDTH}px` : 0,
          transition: (theme) => theme.transitions.create('margin'),
          '&:focus': { outline: 'none' },
        }}
      >
        <Box sx={{ maxWidth: 1280, mx: 'auto', px: { xs: 2, sm: 3, md: 4 }, py: { xs: 2.5, sm: 4 } }}>
          <Suspense fallback={<CenteredSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
