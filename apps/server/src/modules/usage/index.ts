export { periodUsage, periodUsages, type PeriodUsage, type UsageWindow } from './period-usage.js';
