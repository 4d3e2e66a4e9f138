import AdminPanelSettings from '@mui/icons-material/AdminPanelSettingsOutlined';
import Dashboard from '@mui/icons-material/DashboardOutlined';
import Folder from '@mui/icons-material/FolderOutlined';
import History from '@mui/icons-material/History';
import Layers from '@mui/icons-material/LayersOutlined';
import Settings from '@mui/icons-material/SettingsOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import type { ReactNode } from 'react';

/** One entry of the signed-in drawer. */
export interface NavItem {
  label: string;
  path: string;
  icon: ReactNode;
  /** Shown only to accounts in this group (the server checks it on every call). */
  group?: string;
}

/** The drawer's entries (spec section 2.1). */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Convert', path: '/convert', icon: <SwapHoriz /> },
  { label: 'Files', path: '/files', icon: <Folder /> },
  { label: 'Batch', path: '/batch', icon: <Layers /> },
  { label: 'Dashboard', path: '/dashboard', icon: <Dashboard /> },
  { label: 'Audit', path: '/audit', icon: <History /> },
  { label: 'Settings', path: '/settings', icon: <Settings /> },
  { label: 'Admin', path: '/admin', icon: <AdminPanelSettings />, group: 'admin' },
];
