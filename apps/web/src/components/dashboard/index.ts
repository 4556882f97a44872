// Dashboard building blocks, shared by the company and publisher dashboards. The charts are in
// '@/components/charts'.
export { DashboardError, type DashboardErrorProps } from './dashboard-error';
export {
  DashboardFrame,
  type DashboardFrameProps,
  type DashboardFrameQuery,
} from './dashboard-frame';
export { DashboardMonthBar, type DashboardMonthBarProps } from './dashboard-month-bar';
export { formatChange, formatCount, formatPercent } from './format';
export { KpiCard, NO_VALUE, type KpiCardProps, type KpiTrend } from './kpi-card';
export { KpiGrid, type KpiGridProps } from './kpi-grid';
export { ListCard, type ListCardProps } from './list-card';
export { TopFiveList, type TopFiveListProps } from './top-five-list';
export {
  MONTH_PARAM,
  shownMonth,
  useDashboardMonth,
  type DashboardMonth,
} from './use-dashboard-month';
