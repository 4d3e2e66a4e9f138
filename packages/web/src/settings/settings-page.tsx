import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { DEFAULT_SETTINGS, type UserSettings } from '@unnest/contracts';
import { useEffect, useState } from 'react';
import { ApiKeysPanel } from '../api-keys';
import { useThemeMode } from '../lib/theme/theme-mode';
import { ARRAY_CHOICES, DELIMITER_CHOICES } from '../components/conversion-choices';
import { LabelledSelect } from '../components/labelled-select';
import { PageHeader } from '../components/page-header';
import { useSettings } from '../lib/api/get-settings';
import { useUpdateSettings } from '../lib/api/update-settings';
import { errorText } from '../lib/api-error';
import { ManageSubscription } from '../payments';
import { WebhooksSection } from '../webhooks';
import { AccountInformation } from './account-information';
import { DeleteAccountDialog } from './delete-account-dialog';
import { NotificationSwitch } from './notification-switch';
import { Section } from './settings-section';

/** How long 'Settings saved successfully!' stays (spec section 4). */
const SAVED_MESSAGE_MS = 3000;

const AUTO_DELETE: { value: UserSettings['auto_delete_days']; label: string }[] = [
  { value: 7, label: '7 days' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '1 year' },
  { value: 0, label: 'Never' },
];
const FORMATS: { value: UserSettings['default_format']; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
  { value: 'json', label: 'JSON' },
];
const THEMES: { value: UserSettings['theme']; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Same as system' },
];
/** Settings (spec section 2.9): notifications, storage, conversion defaults, appearance, account. */
export default function SettingsPage() {
  const settings = useSettings();
  const save = useUpdateSettings();
  const { preference, setPreference } = useThemeMode();
  const [form, setForm] = useState<UserSettings>(DEFAULT_SETTINGS);
  const [loaded, setLoaded] = useState(false);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);

  // The form starts from the saved settings once; later changes to them (the theme switched in the top
  // bar) must not wipe what the user is editing here.
  useEffect(() => {
    if (settings.data && !loaded) {
      setForm(settings.data);
      setLoaded(true);
    }
  }, [settings.data, loaded]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const set = <K extends keyof UserSettings>(key: K, value: UserSettings[K]) => {
    setSaved(false);
    setForm((current) => ({ ...current, [key]: value }));
  };

  function submit() {
    // The theme is saved when it is picked (here or in the top bar); this saves the rest as the form
    // holds it, with the theme as it is now.
    save.mutate({ ...form, theme: preference }, { onSuccess: () => setSaved(true) });
  }

  if (settings.isPending) return <Skeleton variant="rounded" height={480} />;

  return (
    <>
      <PageHeader title="Settings" subtitle="How Unnest converts, keeps your files, notifies you and looks." />
      <Stack spacing={3}>
        {settings.isError && (
          <Alert severity="warning">Your saved settings could not be loaded, so the defaults are shown.</Alert>
        )}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
          <Section title="Notifications" subtitle="In the bell at the top, and by e-mail while e-mails are on.">
            <NotificationSwitch
              checked={form.email_notifications}
              onChange={(checked) => set('email_notifications', checked)}
              label="E-mail notifications"
              help="Every notification e-mail, receipts and plan reminders included. Off: they show in the bell only."
            />
            <NotificationSwitch
              checked={form.conversion_notifications}
              onChange={(checked) => set('conversion_notifications', checked)}
              label="When a long conversion finishes"
              help="Conversions over 30 seconds and batches, finished or failed."
            />
            <NotificationSwitch
              checked={form.storage_alerts}
              onChange={(checked) => set('storage_alerts', checked)}
              label="When storage is nearly full"
              help="Storage past 80% and 90% of your plan, and kept files deleted within a day."
            />
          </Section>
          <Section
            title="Storage & Files"
            subtitle="Files are deleted automatically; your plan may keep them for less."
          >
            <LabelledSelect
              fullWidth
              id="auto-delete"
              label="Delete files after"
              value={form.auto_delete_days}
              options={AUTO_DELETE}
              onChange={(value) => set('auto_delete_days', value)}
            />
            <LabelledSelect
              fullWidth
              id="default-format"
              label="Default output format"
              value={form.default_format}
              options={FORMATS}
              onChange={(value) => set('default_format', value)}
            />
          </Section>
          <Section
            title="Conversion defaults"
            subtitle="Every conversion starts from these; the converter can change them."
          >
            <LabelledSelect
              fullWidth
              id="delimiter"
              label="Delimiter"
              value={form.delimiter}
              options={DELIMITER_CHOICES}
              onChange={(value) => set('delimiter', value)}
            />
            <LabelledSelect
              fullWidth
              id="arrays"
              label="Arrays"
              value={form.array_strategy}
              options={ARRAY_CHOICES}
              onChange={(value) => set('array_strategy', value)}
            />
            <Box>
              <FormControlLabel
                control={<Checkbox checked={form.include_bom} onChange={(e) => set('include_bom', e.target.checked)} />}
                label="UTF-8 BOM for Excel"
              />
              <FormControlLabel
                control={<Checkbox checked={form.excel_safe} onChange={(e) => set('excel_safe', e.target.checked)} />}
                label="Spreadsheet-safe"
              />
            </Box>
          </Section>
          <Section title="Appearance" subtitle="The theme applies and is saved at once, as the switch in the top bar.">
            <LabelledSelect
              fullWidth
              id="theme"
              label="Theme"
              value={preference}
              options={THEMES}
              onChange={setPreference}
            />
          </Section>
        </Box>

        <AccountInformation />
        <Section title="Manage Subscription" subtitle="Your plan, its renewal reminders and your conversion credits.">
          <ManageSubscription />
        </Section>
        <Section title="API keys" subtitle="Call the API from your programs. Every call counts against your plan.">
          <ApiKeysPanel />
        </Section>
        <Section title="Webhooks" subtitle="Signed HTTP calls to your server when something happens in your account.">
          <WebhooksSection />
        </Section>

        {save.isError && (
          <Alert severity="error">{errorText(save.error, 'Failed to save settings. Please try again.')}</Alert>
        )}
        {saved && <Alert severity="success">Settings saved successfully!</Alert>}
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button color="error" variant="outlined" onClick={() => setDeleting(true)}>
            Delete Account
          </Button>
        </Box>
      </Stack>
      <DeleteAccountDialog open={deleting} onCancel={() => setDeleting(false)} />
    </>
  );
}
