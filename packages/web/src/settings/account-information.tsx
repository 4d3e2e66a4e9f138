import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { errorText } from '../lib/api-error';
import { formatDate } from '../lib/format-date';
import { useProfile } from './api/get-profile';
import { Section } from './settings-section';

/** The account's e-mail, plan, start and id (spec section 2.9). */
export function AccountInformation() {
  const profile = useProfile();
  return (
    <Section title="Account Information">
      {profile.data ? (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
            rowGap: 1,
            columnGap: 2,
            m: 0,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, wordBreak: 'break-word' },
          }}
        >
          <dt>Email</dt>
          <dd>{profile.data.email}</dd>
          <dt>Plan</dt>
          <dd style={{ textTransform: 'capitalize' }}>{profile.data.plan}</dd>
          <dt>Member since</dt>
          <dd>{formatDate(profile.data.created_at)}</dd>
          <dt>User ID</dt>
          <dd>{profile.data.user_id}</dd>
        </Box>
      ) : profile.isError ? (
        <Alert severity="error">{errorText(profile.error, 'Failed to load account information')}</Alert>
      ) : (
        <Skeleton variant="rounded" height={96} />
      )}
    </Section>
  );
}
