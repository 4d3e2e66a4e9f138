import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { CenteredSpinner } from '../components/centered-spinner';
import { useSession } from '../lib/session';
import { NotificationBell } from '../notifications';
import { NavDrawers } from './layout/nav-drawers';
import { DRAWER_WIDTH, TOP_BAR_HEIGHT } from './layout/sizes';
import { TopBar } from './layout/top-bar';

/** The page frame: top bar for everyone, plus the navigation drawer for signed-in users. */
export function AppLayout() {
  const { user } = useSession();
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const drawerShown = user !== null && (wide ? desktopOpen : false);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar
        toggleNavigation={() => (wide ? setDesktopOpen((open) => !open) : setMobileOpen(true))}
        notifications={<NotificationBell />}
      />
      {user && (
        <NavDrawers
          email={user.email}
          mobileOpen={!wide && mobileOpen}
          closeMobile={() => setMobileOpen(false)}
          desktopShown={drawerShown}
        />
      )}
      <Box
        component="main"
        sx={{
          pt: `${TOP_BAR_HEIGHT}px`,
          ml: drawerShown ? `${DRAWER_WIDTH}px` : 0,
          transition: (theme) => theme.transitions.create('margin'),
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
