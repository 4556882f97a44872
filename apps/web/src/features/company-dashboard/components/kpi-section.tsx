import {
  monthLabel,
  parseMonthValue,
  type CompanyDashboard,
  type RoleAlias,
  CAPACITY_PATH,
} from '@fieldbot/shared';
import { KpiCard, KpiGrid } from '@/components/dashboard';
import { kpiCount, kpiFigures } from '../lib/figures';
import { linkFor } from '../lib/link-for';
import { SpendCard } from './spend-card';

export interface KpiSectionProps {
  /** Undefined while loading: skeleton cards. */
  dashboard: CompanyDashboard | undefined;
  role: RoleAlias | undefined;
  /** Which cards the skeleton stands for until the answer says. */
  technician: boolean;
}

/** The month's KPI cards against the month before, and (company scope) the spend so far. */
export function KpiSection({ dashboard, role, technician }: KpiSectionProps) {
  if (!dashboard) {
    return (
      <KpiGrid label="Key figures">
        {Array.from({ length: kpiCount(technician ? 'technician' : 'company') }, (_, index) => (
          <KpiCard key={index} label="" value={null} loading />
        ))}
      </KpiGrid>
    );
  }
  const month = parseMonthValue(dashboard.month);
  return (
    <KpiGrid label={month ? `Key figures for ${monthLabel(month)}` : 'Key figures'}>
      {kpiFigures(dashboard, role).map((figure) => (
        <KpiCard
          key={figure.id}
          label={figure.label}
          hint={figure.hint}
          value={figure.value}
          previous={figure.previous}
          format={figure.format}
          trend={figure.trend}
          to={figure.to}
        />
      ))}
      {dashboard.spend ? (
        <SpendCard spend={dashboard.spend} href={linkFor(role, CAPACITY_PATH)} />
      ) : null}
    </KpiGrid>
  );
}
