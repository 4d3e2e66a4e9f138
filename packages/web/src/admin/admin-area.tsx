import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Link as RouterLink, Routes, useLocation } from 'react-router';
import { CenteredSpinner } from '../components/centered-spinner';
import { useSession } from '../lib/session';
import { ForbiddenPage } from './forbidden-page';

const DashboardPage = lazy(() => import('./admin-dashboard-page'));
const UsersPage = lazy(() => import('./admin-users-page'));
const UserPage = lazy(() => import('./admin-user-page'));
const StatsPage = lazy(() => import('./admin-stats-page'));
const LogsPage = lazy(() => import('./admin-logs-page'));
const JobsPage = lazy(() => import('./admin-jobs-page'));

/** The group whose accounts may use the admin area (the server checks it on every call). */
const ADMIN_GROUP = 'admin';

const SECTIONS = [
  { label: 'Dashboard', path: '/admin/dashboard' },
  { label: 'Users', path: '/admin/users' },
  { label: 'Stats', path: '/admin/stats' },
  { label: 'Logs', path: '/admin/logs' },
  { label: 'Failed jobs', path: '/admin/jobs' },
];

function SectionLinks() {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Admin sections" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>
      {SECTIONS.map((section) => {
        const current = pathname === section.path || pathname.startsWith(`${section.path}/`);
        return (
          <Button
            key={section.path}
            component={RouterLink}
            to={section.path}
            variant={current ? 'contained' : 'outlined'}
            aria-current={current ? 'page' : undefined}
            size="small"
          >
            {section.label}
          </Button>
        );
      })}
    </Box>
  );
}

/** /admin/*: the admin area for accounts in the admin group; anyone else sees a 403 page. */
export default function AdminArea() {
  const { user } = useSession();
  if (!user?.groups.includes(ADMIN_GROUP)) return <ForbiddenPage />;
  return (
    <>
      <SectionLinks />
      <Suspense fallback={<CenteredSpinner />}>
        <Routes>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="users/:id" element={<UserPage />} />
          <Route path="stats" element={<StatsPage />} />
          <Route path="logs" element={<LogsPage />} />
          <Route path="jobs" element={<JobsPage />} />
          <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
