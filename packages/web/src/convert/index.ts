// What the converter offers the app: its page, composed in app/ with what it shows of other features.
export { type ConverterSlots, ConvertPage } from './convert-page';
export type { ComparedConversion } from './converter-state';
