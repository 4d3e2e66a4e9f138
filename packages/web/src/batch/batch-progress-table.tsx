import Download from '@mui/icons-material/Download';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Insights from '@mui/icons-material/Insights';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BatchFile } from '@unnest/contracts';
import { formatBytes } from '../lib/format-size';
import { BatchStatusChip, QualityChip } from './batch-status';

/** One file's row: name, size, status, progress, quality and its actions (spec 2.11). */
function FileRow(props: {
  file: BatchFile;
  analysing: boolean;
  onDownload: (file: BatchFile) => void;
  onAnalyse: (file: BatchFile) => void;
}) {
  const { file, analysing } = props;
  const converted = file.status === 'completed' && file.download_url !== null;
  const progress = Math.round(file.progress);
  return (
    <TableRow>
      <TableCell sx={{ maxWidth: 320 }}>
        <Typography variant="body2" noWrap title={file.file_name} sx={{ fontWeight: 600 }}>
          {file.file_name}
        </Typography>
        {file.status === 'failed' && file.error && (
          <Typography variant="caption" color="error" sx={{ display: 'block', wordBreak: 'break-word' }}>
            {file.error}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBytes(file.file_size)}</TableCell>
      <TableCell>
        <BatchStatusChip status={file.status} />
      </TableCell>
      <TableCell sx={{ minWidth: 140 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            color={file.status === 'failed' ? 'error' : file.status === 'completed' ? 'success' : 'primary'}
            aria-label={`Progress of ${file.file_name}`}
            sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
          />
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 40, textAlign: 'right' }}>
            {progress}%
          </Typography>
        </Box>
      </TableCell>
      <TableCell>
        <QualityChip score={file.quality_score} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={converted ? `Download ${file.result_file_name}` : ''}>
          <span>
            <IconButton
              aria-label={`Download ${file.result_file_name}`}
              onClick={() => props.onDownload(file)}
              disabled={!converted}
            >
              <Download />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={converted ? 'AI Quality Analysis' : ''}>
          <span>
            <IconButton
              aria-label={`AI Quality Analysis of ${file.file_name}`}
              onClick={() => props.onAnalyse(file)}
              disabled={!converted || analysing}
            >
              {analysing ? <CircularProgress size={20} aria-label={`Analysing ${file.file_name}`} /> : <Insights />}
            </IconButton>
          </span>
        </Tooltip>
        {file.status === 'failed' && (
          // The message itself is written under the file name; the icon repeats it on hover.
          <Tooltip title={file.error ?? 'Failed'}>
            <ErrorOutline color="error" sx={{ verticalAlign: 'middle', ml: 0.5 }} />
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The job's progress table (spec 2.11): File Name, Size, Status, Progress, Quality, Actions. */
export function BatchProgressTable(props: {
  files: readonly BatchFile[];
  /** Files whose analysis is running. */
  analysing: ReadonlySet<string>;
  onDownload: (file: BatchFile) => void;
  onAnalyse: (file: BatchFile) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Batch files">
        <TableHead>
          <TableRow>
            <TableCell>File Name</TableCell>
            <TableCell>Size</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Progress</TableCell>
            <TableCell>Quality</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.files.map((file) => (
            <FileRow
              key={file.file_id}
              file={file}
              analysing={props.analysing.has(file.file_id)}
              onDownload={props.onDownload}
              onAnalyse={props.onAnalyse}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
