import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PageHeader } from '../components/page-header';
import { errorText } from '../lib/api-error';
import { AccountInformation } from './account-information';
import { DeleteAccountDialog } from './delete-account-dialog';
import { PreferenceSections } from './preference-sections';
import { SettingsIndex } from './settings-index';
import { SettingsSaveBar } from './settings-save-bar';
import { Section } from './settings-section';
import { useSettingsForm } from './use-settings-form';

/** The other features' panels the settings page shows in its cards; the page composing it gives them. */
export interface SettingsPanels {
  subscription: ReactNode;
  apiKeys: ReactNode;
  webhooks: ReactNode;
}

/**
 * Settings (spec section 2.9): notifications, storage, conversion defaults, appearance, account, with an index
 * at the top and the save bar in sight while there are unsaved changes; leaving with them asks first.
 */
export default function SettingsPage({ panels }: { panels: SettingsPanels }) {
  const form = useSettingsForm();
  const { settings, save, state, unsaved, leaving } = form;

  if (settings.isPending) return <Skeleton variant="rounded" height={480} />;

  return (
    <>
      <PageHeader title="Settings" subtitle="How Unnest converts, keeps your files, notifies you and looks." />
      <Stack spacing={3}>
        <SettingsIndex />
        {settings.isError && (
          <Alert severity="warning">Your saved settings could not be loaded, so the defaults are shown.</Alert>
        )}
        <PreferenceSections form={state.form} set={form.set} theme={form.preference} setTheme={form.setPreference} />

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

        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button color="error" variant="outlined" onClick={form.openDelete}>
            Delete Account
          </Button>
        </Box>
        <SettingsSaveBar
          unsaved={unsaved.length}
          saving={save.isPending}
          saved={state.saved}
          error={save.isError ? errorText(save.error, 'Failed to save settings. Please try again.') : null}
          onSave={form.submit}
          onDiscard={form.discard}
        />
      </Stack>
      <DeleteAccountDialog open={state.deleting} onCancel={form.closeDelete} />
      <ConfirmDialog
        open={leaving.state === 'blocked'}
        title="Leave without saving?"
        text={`Your changes to ${unsaved.length === 1 ? '1 setting are' : `${unsaved.length} settings are`} not saved. If you leave this page now, they are lost.`}
        confirmLabel="Leave without saving"
        onConfirm={() => leaving.proceed?.()}
        onCancel={() => leaving.reset?.()}
      />
    </>
  );
}
