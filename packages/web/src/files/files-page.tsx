import CompareArrows from '@mui/icons-material/CompareArrows';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/FileDownloadOutlined';
import FolderOpen from '@mui/icons-material/FolderOpenOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CONVERSION_TEXTS, comparableSize, type FileRecord } from '@unnest/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ComparisonDialog, type ComparisonSource, fileComparisonSource } from '../analysis';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../components/query-error';
import { StatCard, StatGrid } from '../components/stat-card';
import { useDownloadFile } from '../lib/api/download-file';
import { useSubscription } from '../lib/api/get-subscription';
import { errorText } from '../lib/api-error';
import { formatDateTime } from '../lib/format-date';
import { formatBytes } from '../lib/format-size';
import { BuyCreditsButton } from '../payments';
import { useDeleteFile } from './api/delete-file';
import { useFiles } from './api/get-files';
import { FileStatusChip } from './file-status-chip';

/** Why a file cannot be compared (spec 4: converted JSON to CSV files under 20 MB), or null when it can. */
function notComparable(file: FileRecord): string | null {
  if (file.status !== 'converted') return 'Only converted files can be compared';
  if (file.input_format !== 'json' || (file.output_format !== 'csv' && file.output_format !== 'tsv')) {
    return 'Only JSON to CSV conversions can be compared';
  }
  if (!comparableSize(file.original_size) || !comparableSize(file.size))
    return 'Only files under 20 MB can be compared';
  return null;
}

function retentionLabel(file: FileRecord): string {
  const kind = file.retention_type === 'premium' ? 'Premium' : 'Free';
  if (!file.expires_at) return `${kind} · kept until deleted`;
  return `${kind} · until ${formatDateTime(file.expires_at)}`;
}

/** My Files (spec section 2.6): stored conversions with download and delete. */
export default function FilesPage() {
  const files = useFiles();
  const download = useDownloadFile();
  const remove = useDeleteFile();
  const [pending, setPending] = useState<FileRecord | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [comparing, setComparing] = useState<ComparisonSource | null>(null);
  const subscription = useSubscription();
  // A plan without the comparison pays one conversion credit for it.
  const compareLabel = `Compare with AI analysis${subscription.data?.is_premium === false ? ' (1 credit)' : ''}`;

  const list = files.data?.files ?? [];
  const converted = list.filter((file) => file.status === 'converted').length;

  function startDownload(file: FileRecord) {
    setDownloading(file.fileId);
    download.mutate(
      { fileId: file.fileId, name: file.filename, original: file.status === 'uploaded' },
      { onSettled: () => setDownloading(null) },
    );
  }

  function confirmDelete() {
    if (!pending) return;
    remove.mutate(pending.fileId, { onSuccess: () => setPending(null) });
  }

  return (
    <>
      <PageHeader
        title="My Files"
        subtitle="Your converted files. Download them again, or delete what you no longer need."
        actions={
          <Button
            startIcon={<Refresh />}
            onClick={() => void files.refetch()}
            disabled={files.isFetching}
            color="inherit"
          >
            Refresh
          </Button>
        }
      />
      <Stack spacing={3}>
        <StatGrid>
          <StatCard label="Total Files" value={files.data?.total_files ?? 0} loading={files.isPending} />
          <StatCard label="Successfully Converted" value={converted} loading={files.isPending} />
          <StatCard
            label="Total Storage Used"
            value={formatBytes(files.data?.total_size ?? 0)}
            loading={files.isPending}
          />
        </StatGrid>
        {files.isError && (
          <QueryError
            error={files.error}
            fallback={CONVERSION_TEXTS.filesApiFailed}
            onRetry={() => void files.refetch()}
          />
        )}
        {download.isError && (
          <Alert severity="error" onClose={() => download.reset()}>
            {errorText(download.error, CONVERSION_TEXTS.failedToDownload)}
          </Alert>
        )}
        {remove.isError && !pending && (
          <Alert severity="error" onClose={() => remove.reset()}>
            {errorText(remove.error, CONVERSION_TEXTS.failedToDelete)}
          </Alert>
        )}
        <Card>
          {files.isPending ? (
            <Box sx={{ p: 2 }}>
              <Skeleton height={40} />
              <Skeleton height={40} />
              <Skeleton height={40} />
            </Box>
          ) : list.length === 0 && !files.isError ? (
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
          ) : (
            <TableContainer>
              <Table aria-label="Files" sx={{ minWidth: 760 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>File</TableCell>
                    <TableCell>Size</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Retention</TableCell>
                    <TableCell>Created</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((file) => (
                    <TableRow key={file.fileId} hover>
                      <TableCell sx={{ maxWidth: 280 }}>
                        <Typography
                          noWrap
                          sx={{ fontFamily: 'fontFamilyMonospace', fontSize: 14 }}
                          title={file.filename}
                        >
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
                              onClick={() => startDownload(file)}
                              disabled={
                                downloading === file.fileId ||
                                (file.status !== 'converted' && file.status !== 'uploaded')
                              }
                            >
                              <Download />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title={notComparable(file) ?? compareLabel}>
                          <span>
                            <IconButton
                              aria-label={`Compare ${file.filename}`}
                              onClick={() => setComparing(fileComparisonSource(file.fileId, file.original_filename))}
                              disabled={notComparable(file) !== null}
                            >
                              <CompareArrows />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title="Delete">
                          <IconButton
                            aria-label={`Delete ${file.filename}`}
                            onClick={() => {
                              remove.reset();
                              setPending(file);
                            }}
                          >
                            <DeleteOutline />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Card>
      </Stack>
      <ComparisonDialog
        open={comparing !== null}
        source={comparing}
        onClose={() => setComparing(null)}
        buyCredits={<BuyCreditsButton label="Buy credits" />}
      />
      <ConfirmDialog
        open={pending !== null}
        title="Delete file?"
        text="Are you sure you want to delete this file? This action cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      >
        {pending && (
          <Typography sx={{ mt: 1.5, fontFamily: 'fontFamilyMonospace', fontSize: 14, wordBreak: 'break-all' }}>
            {pending.filename}
          </Typography>
        )}
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(remove.error, CONVERSION_TEXTS.failedToDelete)}
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
