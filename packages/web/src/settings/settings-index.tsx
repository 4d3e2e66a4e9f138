import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { sectionId } from './settings-section';

/** The settings page's sections, in page order: the index links to each. */
export const SETTINGS_SECTIONS = [
  'Notifications',
  'Storage & Files',
  'Conversion defaults',
  'Appearance',
  'Account Information',
  'Manage Subscription',
  'API keys',
  'Webhooks',
] as const;

/** Links to every section of the long settings page, at its top. */
export function SettingsIndex() {
  return (
    <Box component="nav" aria-label="Settings sections">
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, columnGap: 2.5, listStyle: 'none', p: 0, m: 0 }}
      >
        {SETTINGS_SECTIONS.map((title) => (
          <li key={title}>
            <Link href={`#${sectionId(title)}`} underline="hover">
              {title}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
