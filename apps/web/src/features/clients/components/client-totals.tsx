import { formatUsd, type ClientListResponse } from '@fieldbot/shared';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';

type Totals = ClientListResponse['data']['totals'];

/** The month's sums over every client matching the search (not only the page shown). */
export function ClientTotals({ totals, month }: { totals: Totals | undefined; month: string }) {
  const cards = [
    { label: 'Runs', value: totals ? totals.runs.toLocaleString('en-US') : null },
    { label: 'Estimated Cost', value: totals ? formatUsd(totals.estimated_cost_cents) : null },
    { label: 'Client Cost', value: totals ? formatUsd(totals.client_cost_cents) : null },
  ];
  return (
    <section aria-label={`Totals for ${month}`}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {cards.map((card) => (
          <Paper key={card.label} withBorder radius="md" p="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {`${card.label} · ${month}`}
            </Text>
            {card.value === null ? (
              <Skeleton height={26} mt={6} width="60%" />
            ) : (
              <Text size="xl" fw={700} mt={4}>
                {card.value}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
