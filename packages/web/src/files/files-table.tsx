import CompareArrows from '@mui/icons-material/CompareArrows';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/FileDownloadOutlined';
import FolderOpen from '@mui/icons-material/FolderOpenOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FileRecord } from '@unnest/contracts';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PagedTable } from '../components/paged-table';
import { formatDateTime } from '../lib/format-date';
import { formatBytes } from '../lib/format-size';
import { downloadable, notComparable, retentionLabel } from './file-facts';
import { FileStatusChip } from './file-status-chip';

interface FileActions {
  downloadingId: string | null;
  compareLabel: string;
  onDownload: (file: FileRecord) => void;
  onCompare: (file: FileRecord) => void;
  onDelete: (file: FileRecord) => void;
}

function FileRow({ file, actions }: { file: FileRecord; actions: FileActions }) {
  return (
    <TableRow hover>
      <TableCell sx={{ maxWidth: 280 }}>
        <Typography noWrap sx={{ fontFamily: 'fontFamilyMonospace', fontSize: 14 }} title={file.filename}>
          {file.filename}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          from {file.original_filename} ({formatBytes(file.original_size)})
        </Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatBytes(file.status === 'uploaded' ? file.original_size : file.size)}
      </TableCell>
      <TableCell>
        <FileStatusChip file={file} />
      </TableCell>
      <TableCell sx={{ color: 'text.secondary', fontSize: 13 }}>{retentionLabel(file)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.created_at)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
      </TableCell>
    </TableRow>
  );
}

/** My Files' table: every stored conversion with its download, compare and delete buttons. */
export function FilesTable({
  files,
  loading,
  failed,
  actions,
}: {
  files: readonly FileRecord[];
  loading: boolean;
  /** The list could not be loaded: no "No files found" then, the error says why. */
  failed: boolean;
  actions: FileActions;
}) {
  return (
    <PagedTable
      label="Files"
      columns={['File', 'Size', 'Status', 'Retention', 'Created', { label: 'Actions', align: 'right' }]}
      minWidth={760}
      rows={files}
      renderRow={(file) => <FileRow key={file.fileId} file={file} actions={actions} />}
      loading={loading}
      skeletonLines={3}
      empty={
        failed ? undefined : (
          <EmptyState
            icon={<FolderOpen />}
            title="No files found"
            hint="Convert some JSON files to see them here"
            action={
              <Button variant="contained" component={RouterLink} to="/convert">
                Convert a file
              </Button>
            }
          />
        )
      }
    />
  );
}
