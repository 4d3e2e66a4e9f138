import Close from '@mui/icons-material/Close';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { BATCH_FILE_EXTENSIONS } from '@unnest/contracts';
import { type DragEvent, type KeyboardEvent, useRef, useState } from 'react';
import { formatBytes } from '../lib/format-size';
import type { SelectionSource } from './batch-selection';

/**
 * The batch's drop zone and file picker, with the chosen files listed for removal. The zone itself is
 * focusable and opens the picker on Enter or Space, so a keyboard reaches everything a mouse does.
 */
export function BatchFilePicker(props: {
  files: readonly File[];
  /** What the plan allows, said under the zone ("Up to 25 files, 1GB each"). */
  limitsText: string;
  disabled: boolean;
  onAdd: (files: File[], source: SelectionSource) => void;
  onRemove: (file: File) => void;
}) {
  const { files, limitsText, disabled, onAdd, onRemove } = props;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (!disabled && event.dataTransfer.files.length > 0) onAdd([...event.dataTransfer.files], 'dropped');
  }

  function keyDown(event: KeyboardEvent) {
    if (event.target !== event.currentTarget || disabled) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      input.current?.click();
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box
        role="group"
        aria-label="Drop JSON or CSV files here, or press Enter to choose files"
        aria-disabled={disabled}
        tabIndex={disabled ? -1 : 0}
        onKeyDown={keyDown}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: { xs: 3, sm: 4 },
          textAlign: 'center',
          transition: 'border-color 120ms, background-color 120ms',
          '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <UploadFile color="action" sx={{ fontSize: 40 }} />
        <Typography sx={{ mt: 1 }}>
          Drop <strong>.json</strong> or <strong>.csv</strong> files here
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {limitsText}. JSON files become CSV, CSV files become JSON.
        </Typography>
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled} tabIndex={-1}>
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={BATCH_FILE_EXTENSIONS.join(',')}
          hidden
          data-testid="batch-file-input"
          onChange={(event) => {
            const chosen = event.target.files ? [...event.target.files] : [];
            if (chosen.length > 0) onAdd(chosen, 'selected');
            event.target.value = '';
          }}
        />
      </Box>
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
