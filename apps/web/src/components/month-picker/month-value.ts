// The month value rules live in the shared package (the dashboards' API parses the same value).
export {
  isFutureMonth,
  monthLabel,
  parseMonthValue,
  toMonthValue,
  type YearMonth,
} from '@fieldbot/shared';
