import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { FileRecord } from '@unnest/contracts';

const STATUS_CHIPS: Record<FileRecord['status'], { label: string; color: 'success' | 'error' | 'info' }> = {
  converted: { label: 'Converted', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  pending: { label: 'Converting', color: 'info' },
  uploaded: { label: 'Stored', color: 'info' },
};

/** A file's status; a failed conversion's reason shows on hover. */
export function FileStatusChip({ file }: { file: FileRecord }) {
  const chip = STATUS_CHIPS[file.status];
  return (
    <Tooltip title={file.error ?? ''}>
      <Chip size="small" label={chip.label} color={chip.color} variant="outlined" />
    </Tooltip>
  );
}
