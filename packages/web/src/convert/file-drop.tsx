import Close from '@mui/icons-material/Close';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type DragEvent, useRef, useState } from 'react';
import { formatBytes } from '../lib/format-size';

/** The extensions a drop zone takes, as a person reads them: `.csv or .zip`. */
export function extensionsText(extensions: readonly string[]): string {
  return extensions.length < 2
    ? (extensions[0] ?? '')
    : `${extensions.slice(0, -1).join(', ')} or ${extensions[extensions.length - 1]}`;
}

/** A drop zone with a file picker; shows the chosen file with a way to remove it. */
export function FileDrop(props: {
  /** The extensions it takes (`.json`). */
  accept: readonly string[];
  file: File | null;
  onFile: (file: File | null) => void;
  disabled: boolean;
}) {
  const { accept, file, onFile, disabled } = props;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  }

  if (file) {
    return (
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        <InsertDriveFile color="primary" />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography noWrap sx={{ fontWeight: 600 }} title={file.name}>
            {file.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatBytes(file.size)}
          </Typography>
        </Box>
        <IconButton aria-label="Remove file" onClick={() => onFile(null)} disabled={disabled}>
          <Close />
        </IconButton>
      </Box>
    );
  }
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
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
      }}
    >
      <UploadFile color="action" sx={{ fontSize: 40 }} />
      <Typography sx={{ mt: 1 }}>
        Drop a <strong>{extensionsText(accept)}</strong> file here
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Big files are streamed to the server; the bar shows the upload.
      </Typography>
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled}>
        Choose file
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept.join(',')}
        hidden
        data-testid="file-input"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onFile(chosen);
          event.target.value = '';
        }}
      />
    </Box>
  );
}
