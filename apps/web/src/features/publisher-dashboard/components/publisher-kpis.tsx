import { formatUsdCompact, publisherKpis, type PublisherDashboard } from '@fieldbot/shared';
import { formatPercent, KpiCard, KpiGrid } from '@/components/dashboard';
import { monthLabel, parseMonthValue } from '@/components/month-picker';
import { clientsListLink } from '../lib/links';

export interface PublisherKpisProps {
  /** Undefined while loading: the cards show skeletons. */
  dashboard: PublisherDashboard | undefined;
  /** The month shown, MM/01/YYYY (the links filter the clients list by it). */
  month: string;
}

/** The publisher's month against the one before. */
export function PublisherKpis({ dashboard, month }: PublisherKpisProps) {
  const current = dashboard ? publisherKpis(dashboard.current) : null;
  const previous = dashboard ? publisherKpis(dashboard.previous) : null;
  const loading = current === null;
  const clients = clientsListLink(month);
  const parsed = parseMonthValue(month);
  const cards = [
    { label: 'Active clients', pick: 'activeClients', to: clients },
    { label: 'Runs', pick: 'runs', to: clients },
    { label: 'Client revenue', pick: 'clientRevenueCents', money: true, to: clients },
    {
      label: 'Estimated cost',
      pick: 'estimatedCostCents',
      money: true,
      to: clients,
      trend: 'neutral',
    },
    {
      label: 'Margin',
      pick: 'marginCents',
      money: true,
      hint:
        current?.marginRate != null
          ? `${formatPercent(current.marginRate)} of client revenue`
          : 'client revenue − estimated cost',
    },
    { label: 'New subscriptions', pick: 'newSubscriptions' },
  ] as const;

  return (
    <KpiGrid label={`Key figures for ${parsed ? monthLabel(parsed) : month}`}>
      {cards.map((card) => (
        <KpiCard
          key={card.label}
          label={card.label}
          value={current?.[card.pick] ?? null}
          previous={previous?.[card.pick] ?? null}
          format={'money' in card ? formatUsdCompact : undefined}
          hint={'hint' in card ? card.hint : undefined}
          to={'to' in card ? card.to : undefined}
          trend={'trend' in card ? card.trend : undefined}
          loading={loading}
        />
      ))}
    </KpiGrid>
  );
}
