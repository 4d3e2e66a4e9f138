import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { NAV_ITEMS } from '../nav-items';
import { DRAWER_WIDTH, TOP_BAR_HEIGHT } from './sizes';

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  return (
    <List component="nav" aria-label="Main" sx={{ px: 1, py: 1.5 }}>
      {NAV_ITEMS.filter((item) => !item.group || user?.groups.includes(item.group)).map((item) => {
        const selected = pathname === item.path || pathname.startsWith(`${item.path}/`);
        return (
          <ListItemButton
            key={item.path}
            component={RouterLink}
            to={item.path}
            selected={selected}
            aria-current={selected ? 'page' : undefined}
            onClick={onNavigate}
            sx={{
              borderRadius: 1,
              mb: 0.5,
              '&.Mui-selected': { color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
            }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 500 } } }} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

/**
 * The signed-in navigation: a temporary drawer on narrow screens (closed by choosing an entry), a
 * persistent one from `md` up.
 */
export function NavDrawers({
  email,
  mobileOpen,
  closeMobile,
  desktopShown,
}: {
  email: string;
  mobileOpen: boolean;
  closeMobile: () => void;
  desktopShown: boolean;
}) {
  return (
    <>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={closeMobile}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <Toolbar sx={{ minHeight: TOP_BAR_HEIGHT }}>
          <Typography variant="subtitle2" color="text.secondary">
            {email}
          </Typography>
        </Toolbar>
        <NavList onNavigate={closeMobile} />
      </Drawer>
      <Drawer
        variant="persistent"
        open={desktopShown}
        sx={{
          display: { xs: 'none', md: 'block' },
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar sx={{ minHeight: TOP_BAR_HEIGHT }} />
        <NavList />
      </Drawer>
    </>
  );
}
