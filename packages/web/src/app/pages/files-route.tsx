import { useState } from 'react';
import { ComparisonDialog, type ComparisonSource, fileComparisonSource } from '../../analysis';
import FilesPage from '../../files/files-page';
import { BuyCreditsButton } from '../../payments';

/** /files: My Files, whose Compare opens the analysis feature's comparison of the stored file. */
export default function FilesRoute() {
  const [comparing, setComparing] = useState<ComparisonSource | null>(null);
  return (
    <>
      <FilesPage onCompare={(file) => setComparing(fileComparisonSource(file.fileId, file.original_filename))} />
      <ComparisonDialog
        open={comparing !== null}
        source={comparing}
        onClose={() => setComparing(null)}
        buyCredits={<BuyCreditsButton label="Buy credits" />}
      />
    </>
  );
}
