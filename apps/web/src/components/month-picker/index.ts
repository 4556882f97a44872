export { MonthPicker, type MonthPickerProps } from './month-picker';
export {
  isFutureMonth,
  monthLabel,
  parseMonthValue,
  toMonthValue,
  type YearMonth,
} from './month-value';
