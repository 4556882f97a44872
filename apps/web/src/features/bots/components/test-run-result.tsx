import {
  gptResponseSchema,
  normaliseBotColor,
  outputTagSchema,
  type TestRunResponse,
} from '@fieldbot/shared';
import { Alert, Badge, Code, Group, Spoiler, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { z } from 'zod';
import { BOT_MANTINE_COLORS } from '../lib/options';
import { HighlightedTranscript } from './highlighted-transcript';

/** JSON text, also when encoded twice (the customer route's habit, spec §3). */
function parseJson<T>(schema: z.ZodType<T>, text: string | null): T | null {
  if (!text) return null;
  try {
    let value: unknown = JSON.parse(text);
    if (typeof value === 'string') value = JSON.parse(value);
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const outputTagsSchema = z.array(outputTagSchema);

/** A test run's answer: output tags, the highlighted transcript and what could not be matched. */
export function TestRunResult({ data }: { data: TestRunResponse['data'] }) {
  const { result } = data;
  if (result.status === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} aria-hidden />}
        role="alert"
        title="The test run failed"
      >
        {result.error_message ?? 'The bot could not produce a result for this transcript.'}
      </Alert>
    );
  }
  const tags = parseJson(outputTagsSchema, result.output_tags) ?? [];
  const gpt = parseJson(gptResponseSchema, result.gpt_response);
  const color = BOT_MANTINE_COLORS[normaliseBotColor(result.bot_color)];
  return (
    <Stack gap="sm" aria-label="Test run result" component="section">
      <Title order={3} size="h5">
        Output tags
      </Title>
      {tags.length === 0 ? (
        <Text c="dimmed" size="sm">
          No response
        </Text>
      ) : (
        <Table aria-label="Output tags" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Label</Table.Th>
              <Table.Th>Data</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tags.map((tag) => (
              <Table.Tr key={tag.id}>
                <Table.Td>{tag.id}</Table.Td>
                <Table.Td>{tag.label}</Table.Td>
                <Table.Td>{tag.data ?? <Text c="dimmed">Not found</Text>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} size="h5">
        Evidence in the transcript
      </Title>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {`${gpt?.response_tags.length ?? 0} highlighted spans`}
        </Text>
        {gpt && gpt.unmatched_quotes > 0 ? (
          <Badge color="orange" variant="light">
            {`${gpt.unmatched_quotes} unmatched ${gpt.unmatched_quotes === 1 ? 'quote' : 'quotes'}`}
          </Badge>
        ) : null}
      </Group>
      <HighlightedTranscript
        transcript={data.transcript}
        segments={data.segments}
        tags={gpt?.response_tags ?? []}
        color={color}
      />
      {result.raw_response ? (
        <Spoiler maxHeight={0} showLabel="Show raw response" hideLabel="Hide raw response">
          <Code block>{result.raw_response}</Code>
        </Spoiler>
      ) : null}
    </Stack>
  );
}
