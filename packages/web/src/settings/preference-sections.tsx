import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { UserSettings } from '@unnest/contracts';
import { ARRAY_CHOICES, DELIMITER_CHOICES } from '../components/conversion-choices';
import { LabelledSelect } from '../components/labelled-select';
import { NotificationSwitch } from './notification-switch';
import { Section } from './settings-section';

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

interface PreferenceProps {
  form: UserSettings;
  set: <Key extends keyof UserSettings>(key: Key, value: UserSettings[Key]) => void;
  /** The theme as it applies now (it is saved when picked, not with the form). */
  theme: UserSettings['theme'];
  setTheme: (theme: UserSettings['theme']) => void;
}

/** The settings page's four cards of preferences: notifications, storage, conversion defaults, appearance. */
export function PreferenceSections({ form, set, theme, setTheme }: PreferenceProps) {
  return (
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
      <Section title="Storage & Files" subtitle="Files are deleted automatically; your plan may keep them for less.">
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
        <LabelledSelect fullWidth id="theme" label="Theme" value={theme} options={THEMES} onChange={setTheme} />
      </Section>
    </Box>
  );
}
