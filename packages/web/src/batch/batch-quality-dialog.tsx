import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { BatchFile, FileQualityAnalysis } from '@unnest/contracts';
import { LabelledSelect } from '../components/labelled-select';
import { BatchFileAnalysis } from './batch-file-analysis';

/** A file of the job with its stored analysis. */
export type AnalysedFile = BatchFile & { quality: FileQualityAnalysis };

/** AI Conversion Quality Analysis (spec 2.11): the stored analysis of one file, chosen among the analysed. */
export function BatchQualityDialog(props: {
  files: readonly AnalysedFile[];
  fileId: string | null;
  onFileId: (fileId: string) => void;
  open: boolean;
  onClose: () => void;
}) {
  const { files } = props;
  const shown = files.find((file) => file.file_id === props.fileId) ?? files[0];
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="md" fullWidth aria-labelledby="batch-quality-title">
      <DialogTitle id="batch-quality-title">AI Conversion Quality Analysis</DialogTitle>
      <DialogContent>
        {shown ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
            <LabelledSelect
              id="quality-file"
              label="File"
              value={shown.file_id}
              options={files.map((file) => ({ value: file.file_id, label: file.file_name }))}
              onChange={props.onFileId}
              fullWidth
            />
            <BatchFileAnalysis analysis={shown.quality} onFollow={props.onClose} />
          </Box>
        ) : (
          <Typography color="text.secondary">No file of this job has been analysed yet.</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
