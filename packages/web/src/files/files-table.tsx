import FolderOpen from '@mui/icons-material/FolderOpenOutlined';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FileRecord } from '@unnest/contracts';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PagedTable } from '../components/paged-table';
import { type FileActions, FileRow, StackedFileRow } from './file-row';

/**
 * My Files' table: every stored conversion with its download, compare and delete buttons. Below the `sm`
 * breakpoint (a phone) each file is one stacked cell, so the buttons stay on screen.
 */
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
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <PagedTable
      label="Files"
      columns={
        narrow ? ['File'] : ['File', 'Size', 'Status', 'Retention', 'Created', { label: 'Actions', align: 'right' }]
      }
      minWidth={narrow ? 0 : 760}
      rows={files}
      renderRow={(file) =>
        narrow ? (
          <StackedFileRow key={file.fileId} file={file} actions={actions} />
        ) : (
          <FileRow key={file.fileId} file={file} actions={actions} />
        )
      }
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
