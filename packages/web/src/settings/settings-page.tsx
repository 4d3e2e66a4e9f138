import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { PageHeader } from '../components/page-header';
import { errorText } from '../lib/api-error';
import { AccountInformation } from './account-information';
import { DeleteAccountDialog } from './delete-account-dialog';
import { PreferenceSections } from './preference-sections';
import { Section } from './settings-section';
import { useSettingsForm } from './use-settings-form';

/** The other features' panels the settings page shows in its cards; the page composing it gives them. */
export interface SettingsPanels {
  subscription: ReactNode;
  apiKeys: ReactNode;
  webhooks: ReactNode;
}

/** Settings (spec section 2.9): notifications, storage, conversion defaults, appearance, account. */
export default function SettingsPage({ panels }: { panels: SettingsPanels }) {
  const { settings, save, state, preference, setPreference, set, submit, openDelete, closeDelete } = useSettingsForm();

  if (settings.isPending) return <Skeleton variant="rounded" height={480} />;

  return (
    <>
      <PageHeader title="Settings" subtitle="How Unnest converts, keeps your files, notifies you and looks." />
      <Stack spacing={3}>
        {settings.isError && (
          <Alert severity="warning">Your saved settings could not be loaded, so the defaults are shown.</Alert>
        )}
        <PreferenceSections form={state.form} set={set} theme={preference} setTheme={setPreference} />

        <AccountInformation />
        <Section title="Manage Subscription" subtitle="Your plan, its renewal reminders and your conversion credits.">
          {panels.subscription}
        </Section>
        <Section title="API keys" subtitle="Call the API from your programs. Every call counts against your plan.">
          {panels.apiKeys}
        </Section>
        <Section title="Webhooks" subtitle="Signed HTTP calls to your server when something happens in your account.">
          {panels.webhooks}
        </Section>

        {save.isError && (
          <Alert severity="error">{errorText(save.error, 'Failed to save settings. Please try again.')}</Alert>
        )}
        {state.saved && <Alert severity="success">Settings saved successfully!</Alert>}
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button color="error" variant="outlined" onClick={openDelete}>
            Delete Account
          </Button>
        </Box>
      </Stack>
      <DeleteAccountDialog open={state.deleting} onCancel={closeDelete} />
    </>
  );
}
