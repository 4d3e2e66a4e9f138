import CompareArrows from '@mui/icons-material/CompareArrows';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FileRecord } from '@unnest/contracts';
import { formatDateTime } from '../lib/format-date';
import { formatBytes } from '../lib/format-size';
import { downloadable, notComparable, retentionLabel } from './file-facts';
import { FileStatusChip } from './file-status-chip';

/** What a row's buttons do (the page's handlers) and which file is downloading. */
export interface FileActions {
  downloadingId: string | null;
  compareLabel: string;
  onDownload: (file: FileRecord) => void;
  onCompare: (file: FileRecord) => void;
  onDelete: (file: FileRecord) => void;
}

const sizeOf = (file: FileRecord) => formatBytes(file.status === 'uploaded' ? file.original_size : file.size);

/** A file's download, compare and delete buttons. */
function FileActionButtons({ file, actions }: { file: FileRecord; actions: FileActions }) {
  return (
    <>
      <Tooltip title="Download">
        <span>
          <IconButton
            aria-label={`Download ${file.filename}`}
            onClick={() => actions.onDownload(file)}
            disabled={actions.downloadingId === file.fileId || !downloadable(file)}
          >
            <Download />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={notComparable(file) ?? actions.compareLabel}>
        <span>
          <IconButton
            aria-label={`Compare ${file.filename}`}
            onClick={() => actions.onCompare(file)}
            disabled={notComparable(file) !== null}
          >
            <CompareArrows />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label={`Delete ${file.filename}`} onClick={() => actions.onDelete(file)}>
          <DeleteOutline />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** The file's name and where it came from. */
function FileName({ file, wrap }: { file: FileRecord; wrap: boolean }) {
  return (
    <>
      <Typography
        noWrap={!wrap}
        sx={{ fontFamily: 'fontFamilyMonospace', fontSize: 14, wordBreak: 'break-all' }}
        title={file.filename}
      >
        {file.filename}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap={!wrap} component="div">
        from {file.original_filename} ({formatBytes(file.original_size)})
      </Typography>
    </>
  );
}

/** One file as a row of the wide table: a cell per column, the buttons at the end. */
export function FileRow({ file, actions }: { file: FileRecord; actions: FileActions }) {
  return (
    <TableRow hover>
      <TableCell sx={{ maxWidth: 280 }}>
        <FileName file={file} wrap={false} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{sizeOf(file)}</TableCell>
      <TableCell>
        <FileStatusChip file={file} />
      </TableCell>
      <TableCell sx={{ color: 'text.secondary', fontSize: 13 }}>{retentionLabel(file)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.created_at)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <FileActionButtons file={file} actions={actions} />
      </TableCell>
    </TableRow>
  );
}

/**
 * One file on a narrow screen (a phone): everything stacked in one cell, the buttons on a line of their own
 * under the name, so none is off-screen to the right.
 */
export function StackedFileRow({ file, actions }: { file: FileRecord; actions: FileActions }) {
  return (
    <TableRow>
      <TableCell>
        <FileName file={file} wrap />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.75 }}>
          <Typography variant="body2">{sizeOf(file)}</Typography>
          <FileStatusChip file={file} />
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(file.created_at)}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {retentionLabel(file)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, ml: -1 }}>
          <FileActionButtons file={file} actions={actions} />
        </Box>
      </TableCell>
    </TableRow>
  );
}
