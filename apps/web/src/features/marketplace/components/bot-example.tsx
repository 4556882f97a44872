import type { BotExample as BotExampleData } from '@fieldbot/shared';
import { Box, Grid, Stack, Text, Title } from '@mantine/core';
import { BotResultPanel, HighlightedTranscript } from '@/components/bot-result';
import { exampleResultTab } from '../lib/example-result';

/**
 * The publisher's test run of the newest version: its result beside the sample transcript with the
 * evidence highlighted (the same panel and highlights as an interaction's bot result).
 */
export function BotExample({ example, botId }: { example: BotExampleData; botId: string }) {
  const result = exampleResultTab(example, botId);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {`Sample: ${example.sample_title}`}
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <BotResultPanel result={result} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Box component="section" aria-labelledby="example-transcript-title">
            <Title order={3} size="h5" mb={6} id="example-transcript-title">
              Transcript
            </Title>
            <HighlightedTranscript
              segments={example.segments}
              tags={result.gpt_response?.response_tags ?? []}
              color={result.bot_color}
            />
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
