// What the converter offers the rest of the app (the batch screen reuses its options); everything
// else in this folder is its own. Lint allows other features to import this file only.
export { ConversionOptions } from './conversion-options';
export { type ConversionChoices, choicesFromSettings, optionFields } from './conversion-settings';
