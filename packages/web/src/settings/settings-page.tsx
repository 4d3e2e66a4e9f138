import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, type UserSettings } from '@unnest/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useThemeMode } from '../app/theme-mode';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ARRAY_CHOICES, DELIMITER_CHOICES } from '../components/conversion-choices';
import { PageHeader } from '../components/page-header';
import { useSettings } from '../lib/api/get-settings';
import { errorText } from '../lib/api-error';
import { formatDateTime } from '../lib/format-date';
import { endSession } from '../lib/session-store';
import { useDeleteAccount } from './api/delete-account';
import { useProfile } from './api/get-profile';
import { useUpdateSettings } from './api/update-settings';

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
function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function Choice<T extends string | number>(props: {
  id: string;
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id={`${props.id}-label`}>{props.label}</InputLabel>
      <Select
        labelId={`${props.id}-label`}
        label={props.label}
        value={String(props.value)}
        onChange={(event) => {
          const picked = props.options.find((option) => String(option.value) === event.target.value);
          if (picked) props.onChange(picked.value);
        }}
      >
        {props.options.map((option) => (
          <MenuItem key={String(option.value)} value={String(option.value)}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** Settings (spec section 2.9): notifications, storage, conversion defaults, appearance, account. */
export default function SettingsPage() {
  const settings = useSettings();
  const profile = useProfile();
  const save = useUpdateSettings();
  const removeAccount = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { setPreference } = useThemeMode();
  const [form, setForm] = useState<UserSettings>(DEFAULT_SETTINGS);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');

  useEffect(() => {
    if (settings.data) setForm(settings.data);
  }, [settings.data]);

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
    save.mutate(form, {
      onSuccess: (result) => {
        setPreference(result.theme);
        setSaved(true);
      },
    });
  }

  function confirmDeletion() {
    removeAccount.mutate(
      { password },
      {
        onSuccess: () => {
          endSession();
          queryClient.clear();
          navigate('/', { replace: true });
        },
      },
    );
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
          <Section title="Notifications" subtitle="E-mails Unnest may send you.">
            <FormControlLabel
              control={
                <Switch
                  checked={form.email_notifications}
                  onChange={(e) => set('email_notifications', e.target.checked)}
                />
              }
              label="Account e-mails"
            />
            <FormControlLabel
              control={
                <Switch
                  checked={form.conversion_notifications}
                  onChange={(e) => set('conversion_notifications', e.target.checked)}
                />
              }
              label="When a long conversion finishes"
            />
            <FormControlLabel
              control={
                <Switch checked={form.storage_alerts} onChange={(e) => set('storage_alerts', e.target.checked)} />
              }
              label="When storage is nearly full"
            />
          </Section>
          <Section
            title="Storage & Files"
            subtitle="Files are deleted automatically; your plan may keep them for less."
          >
            <Choice
              id="auto-delete"
              label="Delete files after"
              value={form.auto_delete_days}
              options={AUTO_DELETE}
              onChange={(value) => set('auto_delete_days', value)}
            />
            <Choice
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
            <Choice
              id="delimiter"
              label="Delimiter"
              value={form.delimiter}
              options={DELIMITER_CHOICES}
              onChange={(value) => set('delimiter', value)}
            />
            <Choice
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
          <Section title="Appearance">
            <Choice
              id="theme"
              label="Theme"
              value={form.theme}
              options={THEMES}
              onChange={(value) => set('theme', value)}
            />
          </Section>
        </Box>

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
              <dd>{formatDateTime(profile.data.created_at)}</dd>
              <dt>User ID</dt>
              <dd>{profile.data.user_id}</dd>
            </Box>
          ) : profile.isError ? (
            <Alert severity="error">{errorText(profile.error, 'Failed to load account information')}</Alert>
          ) : (
            <Skeleton variant="rounded" height={96} />
          )}
        </Section>

        {save.isError && (
          <Alert severity="error">{errorText(save.error, 'Failed to save settings. Please try again.')}</Alert>
        )}
        {saved && <Alert severity="success">Settings saved successfully!</Alert>}
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
          <Button variant="outlined" component={RouterLink} to="/dashboard">
            Manage Subscription
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            color="error"
            variant="outlined"
            onClick={() => {
              removeAccount.reset();
              setPassword('');
              setDeleting(true);
            }}
          >
            Delete Account
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={deleting}
        title="Delete your account?"
        text="Your account, every stored file and your history will be deleted for good. Enter your password to confirm."
        confirmLabel="Delete Account"
        busy={removeAccount.isPending}
        onConfirm={confirmDeletion}
        onCancel={() => setDeleting(false)}
      >
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          fullWidth
          sx={{ mt: 2 }}
        />
        {removeAccount.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(removeAccount.error, 'Failed to delete your account. Please try again.')}
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
