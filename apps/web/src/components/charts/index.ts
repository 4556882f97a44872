// The dashboards' charts. Recharts and the chart styles come with this module, so only
// the lazy dashboard chunks that import it load them.
export { KeyValueBarChart, type KeyValueBarChartProps } from './key-value-bar-chart';
export { KeyValuePieChart, shareLabel, type KeyValuePieChartProps } from './key-value-pie-chart';
export { ChartCard, type ChartCardProps } from './chart-card';
export { defaultValueFormatter, type KeyValueHref, type ValueFormatter } from './chart-data';
