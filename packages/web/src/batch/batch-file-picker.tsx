import Close from '@mui/icons-material/Close';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { BATCH_FILE_EXTENSIONS } from '@unnest/contracts';
import { DropZone } from '../components/drop-zone';
import { formatBytes } from '../lib/format-size';
import type { SelectionSource } from './batch-selection';

/**
 * The batch's drop zone and file picker (focusable: Enter or Space opens the picker), with the chosen files
 * listed for removal.
 */
export function BatchFilePicker(props: {
  files: readonly File[];
  /** What the plan allows, said under the zone ("Up to 25 files, 1 GB each"). */
  limitsText: string;
  disabled: boolean;
  onAdd: (files: File[], source: SelectionSource) => void;
  onRemove: (file: File) => void;
}) {
  const { files, limitsText, disabled, onAdd, onRemove } = props;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <DropZone
        accept={BATCH_FILE_EXTENSIONS}
        multiple
        disabled={disabled}
        onFiles={onAdd}
        title={
          <>
            Drop <strong>.json</strong> or <strong>.csv</strong> files here
          </>
        }
        hint={`${limitsText}. JSON files become CSV, CSV files become JSON.`}
        buttonText="Choose files"
        inputTestId="batch-file-input"
        keyboardLabel="Drop JSON or CSV files here, or press Enter to choose files"
      />
      {files.length > 0 && (
        <List dense aria-label="Selected files" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}>
          {files.map((file) => (
            <ListItem
              key={`${file.name}:${file.size}:${file.lastModified}`}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => onRemove(file)}
                  disabled={disabled}
                >
                  <Close />
                </IconButton>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <InsertDriveFile color="primary" />
              </ListItemIcon>
              <ListItemText
                primary={file.name}
                secondary={formatBytes(file.size)}
                slotProps={{ primary: { noWrap: true, title: file.name } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
