import { formatUsdMillicents, type BotEngineKind } from '@fieldbot/shared';
import { Text } from '@mantine/core';

/** This company's price per run; an AI bot also bills the engine's metered use. */
export function BotPrice({
  millicents,
  engine,
  size = 'sm',
}: {
  millicents: number;
  engine: BotEngineKind;
  size?: 'sm' | 'md';
}) {
  return (
    <Text size={size}>
      <Text span fw={700} inherit>
        {formatUsdMillicents(millicents)}
      </Text>{' '}
      per run
      {engine === 'llm' ? (
        <Text span c="dimmed" size="xs">
          {' '}
          plus AI usage
        </Text>
      ) : null}
    </Text>
  );
}
