import { useMemo } from 'react';
import {
  AiAnalysisBanner,
  AiAnalysisCard,
  ComparisonDialog,
  fileComparisonSource,
  textComparisonSource,
} from '../../analysis';
import { type ComparedConversion, type ConverterSlots, ConvertPage } from '../../convert';
import { BuyCreditsButton } from '../../payments';

/** The quality analysis of the converter's last result: a new comparison for each result compared. */
function ConverterComparison(props: { open: boolean; compared: ComparedConversion | null; onClose: () => void }) {
  const { compared } = props;
  const source = useMemo(() => {
    if (compared === null) return null;
    if (compared.kind === 'file') return fileComparisonSource(compared.fileId, compared.filename);
    // Compared with the options it was made with: a guarded CSV is read back with the guard undone.
    return textComparisonSource(compared.json, compared.csv, compared.filename, {
      plan: compared.plan,
      excelSafe: compared.excelSafe,
    });
  }, [compared]);
  return (
    <ComparisonDialog
      open={props.open}
      source={source}
      onClose={props.onClose}
      buyCredits={<BuyCreditsButton label="Buy credits" />}
    />
  );
}

const SLOTS: ConverterSlots = {
  creditOffer: <BuyCreditsButton label="Buy credits" />,
  analysisSwitch: (shown, onToggle) => <AiAnalysisBanner shown={shown} onToggle={onToggle} />,
  analysis: (result) => <AiAnalysisCard result={result} />,
  comparison: (open, compared, onClose) => <ConverterComparison open={open} compared={compared} onClose={onClose} />,
};

/** `/convert`: the converter, with the analysis and the credit offer it shows. */
export default function ConvertRoute() {
  return <ConvertPage slots={SLOTS} />;
}
