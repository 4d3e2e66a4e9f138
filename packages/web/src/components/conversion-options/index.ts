// The conversion options form and the choices it edits: the converter and the batch screen both offer them.
export { ConversionOptions } from './conversion-options';
export {
  type ConversionChoices,
  type ConversionMode,
  type CsvDialectFields,
  choicesFromSettings,
  csvDialectFields,
  delimiterChar,
  type JsonLayout,
  optionFields,
  type TableOutput,
} from './conversion-settings';
