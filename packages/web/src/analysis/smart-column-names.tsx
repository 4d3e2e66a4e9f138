import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SmartHeader } from '@unnest/contracts';

/** The readable column names the analysis gave each column, with the path it came from. */
export function SmartColumnNames({ headers }: { headers: SmartHeader[] }) {
  if (headers.length === 0) return <Typography color="text.secondary">The file has no columns.</Typography>;
  return (
    <List dense disablePadding aria-label="Smart column names">
      {headers.map((header) => (
        <ListItem key={header.column} disableGutters>
          <ListItemText
            primary={
              <>
                <Typography component="span" color="text.secondary" sx={{ mr: 1 }}>
                  Column {header.column}:
                </Typography>
                <span>{header.name}</span>
                {header.source === 'model' && <Chip label="model" size="small" sx={{ ml: 1 }} />}
              </>
            }
            secondary={
              <>
                <Typography component="span" sx={{ fontFamily: 'fontFamilyMonospace', fontSize: 12 }}>
                  {header.path}
                </Typography>
                {header.description ? ` — ${header.description}` : ''}
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
