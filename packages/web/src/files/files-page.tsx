import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONVERSION_TEXTS, type FileRecord } from '@unnest/contracts';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PageHeader } from '../components/page-header';
import { QueryError } from '../components/query-error';
import { StatCard, StatGrid } from '../components/stat-card';
import { errorText } from '../lib/api-error';
import { formatBytes } from '../lib/format-size';
import { FilesTable } from './files-table';
import { useFilesPage } from './use-files-page';

/**
 * My Files (spec section 2.6): stored conversions with download and delete. Comparing a file is another
 * feature's dialog: the page composing this one opens it from `onCompare`.
 */
export default function FilesPage({ onCompare }: { onCompare: (file: FileRecord) => void }) {
  const { files, download, remove, state, compareLabel, startDownload, askDelete, confirmDelete, cancelDelete } =
    useFilesPage();
  const list = files.data?.files ?? [];
  const converted = list.filter((file) => file.status === 'converted').length;

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
        {remove.isError && !state.deleting && (
          <Alert severity="error" onClose={() => remove.reset()}>
            {errorText(remove.error, CONVERSION_TEXTS.failedToDelete)}
          </Alert>
        )}
        <Card>
          <FilesTable
            files={list}
            loading={files.isPending}
            failed={files.isError}
            actions={{
              downloadingId: state.downloadingId,
              compareLabel,
              onDownload: startDownload,
              onCompare,
              onDelete: askDelete,
            }}
          />
        </Card>
      </Stack>
      <ConfirmDialog
        open={state.deleting !== null}
        title="Delete file?"
        text="Are you sure you want to delete this file? This action cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={cancelDelete}
      >
        {state.deleting && (
          <Typography sx={{ mt: 1.5, fontFamily: 'fontFamilyMonospace', fontSize: 14, wordBreak: 'break-all' }}>
            {state.deleting.filename}
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
