import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

function unsavedText(count: number): string {
  return count === 1
    ? 'You have changed 1 setting: it is not saved yet.'
    : `You have changed ${count} settings: they are not saved yet.`;
}

/**
 * The page's Save: at the end of the page, and held at the bottom of the window while there are unsaved
 * changes (with a way to discard them), so it is in sight wherever the change was made.
 */
export function SettingsSaveBar(props: {
  unsaved: number;
  saving: boolean;
  saved: boolean;
  error: string | null;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const { unsaved, saving, saved, error, onSave, onDiscard } = props;
  return (
    <Paper
      component="section"
      aria-label="Save settings"
      elevation={unsaved > 0 ? 6 : 0}
      sx={{
        position: unsaved > 0 ? 'sticky' : 'static',
        bottom: 16,
        zIndex: 'appBar',
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        bgcolor: unsaved > 0 ? 'background.paper' : 'transparent',
      }}
    >
      {error && <Alert severity="error">{error}</Alert>}
      {saved && <Alert severity="success">Settings saved successfully!</Alert>}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography role="status" variant="body2" sx={{ flexGrow: 1 }}>
          {unsaved > 0 ? unsavedText(unsaved) : ''}
        </Typography>
        {unsaved > 0 && (
          <Button color="inherit" onClick={onDiscard} disabled={saving}>
            Discard changes
          </Button>
        )}
        <Button variant="contained" onClick={onSave} disabled={saving}>
          {saving ? 'Saving...' : 'Save Settings'}
        </Button>
      </Box>
    </Paper>
  );
}
