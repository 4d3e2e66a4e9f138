import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { sectionId } from './settings-section';

/** The settings page's sections, in page order: each card's title, and the index's short word for it. */
export const SETTINGS_SECTIONS = [
  { title: 'Notifications', label: 'Notifications' },
  { title: 'Storage & Files', label: 'Storage' },
  { title: 'Conversion defaults', label: 'Conversion defaults' },
  { title: 'Appearance', label: 'Appearance' },
  { title: 'Account Information', label: 'Account' },
  { title: 'Manage Subscription', label: 'Subscription' },
  { title: 'API keys', label: 'API keys' },
  { title: 'Webhooks', label: 'Webhooks' },
] as const;

/** Links to every section of the long settings page, at its top. */
export function SettingsIndex() {
  return (
    <Box component="nav" aria-label="Settings sections">
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, columnGap: 2.5, listStyle: 'none', p: 0, m: 0 }}
      >
        {SETTINGS_SECTIONS.map(({ title, label }) => (
          <li key={title}>
            <Link href={`#${sectionId(title)}`} underline="hover">
              {label}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
