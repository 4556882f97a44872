export { registerDashboardsModule } from './dashboards.module.js';
export { refreshDirtyDays } from './rollup-refresh.js';
