import AutoAwesome from '@mui/icons-material/AutoAwesome';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/**
 * The premium banner of the converter in JSON to CSV mode (spec 2.4): says what the analysis does and
 * shows or hides its card.
 */
export function AiAnalysisBanner(props: { shown: boolean; onToggle: () => void }) {
  return (
    <Alert
      severity="info"
      icon={<AutoAwesome />}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={props.onToggle}
          aria-pressed={props.shown}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {props.shown ? 'Hide AI Analysis' : 'Show AI Analysis'}
        </Button>
      }
    >
      Premium: every JSON file you convert is analysed — column types, data quality issues and readable column names,
      counted from your data.
    </Alert>
  );
}
