import {
  gptResponseSchema,
  outputTagSchema,
  type ResponseTag,
  type TestRunResponse,
} from '@fieldbot/shared';
import { Alert, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { z } from 'zod';
import { jsonText } from '@/components/bot-result/api/bot-result-view';
import { HighlightedTranscript } from '@/components/bot-result';

/** The test run answers JSON text once-encoded (the interaction route's shape); bad text shows nothing. */
function parseJson<T extends z.ZodType>(schema: T, text: string | null): z.infer<T> | null {
  if (!text) return null;
  const parsed = jsonText(schema).safeParse(text);
  return parsed.success ? parsed.data : null;
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
  const spans = gpt?.response_tags ?? [];
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
          {`${spans.length} highlighted spans`}
        </Text>
        {gpt && gpt.unmatched_quotes > 0 ? (
          <Badge color="orange" variant="light">
            {`${gpt.unmatched_quotes} unmatched ${gpt.unmatched_quotes === 1 ? 'quote' : 'quotes'}`}
          </Badge>
        ) : null}
      </Group>
      <HighlightedTranscript segments={data.segments} tags={spans} color={result.bot_color} />
      {spans.length > 0 ? <EvidenceTable spans={spans} /> : null}
      {result.raw_response ? <RawResponse text={result.raw_response} /> : null}
    </Stack>
  );
}

/**
 * Each highlighted span with its tag and, from the rules engine, what made it match (a family, a
 * phrase, an example), so a publisher sees which part of a rule to change. The LLM engine says
 * nothing of the kind, so the column shows only when some span has it.
 */
function EvidenceTable({ spans }: { spans: readonly ResponseTag[] }) {
  const withMatchedBy = spans.some((span) => span.matched_by);
  return (
    // break-word, not anywhere: words stay whole when the columns share a phone's width.
    <Table aria-label="Evidence" verticalSpacing="xs" style={{ overflowWrap: 'break-word' }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tag</Table.Th>
          <Table.Th>Quote</Table.Th>
          {withMatchedBy ? <Table.Th>Matched by</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {spans.map((span, i) => (
          <Table.Tr key={`${span.index_start}-${span.index_end}-${i}`}>
            <Table.Td>{span.label}</Table.Td>
            <Table.Td>{`“${span.text}”`}</Table.Td>
            {withMatchedBy ? (
              <Table.Td>{span.matched_by ?? <Text c="dimmed">Not given</Text>}</Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The engine's raw answer, on demand. Rendered only while shown: a collapsed but mounted block is
 * still a scrollable region in the accessibility tree; shown, it takes focus so keys can scroll it.
 */
function RawResponse({ text }: { text: string }) {
  const [shown, { toggle }] = useDisclosure(false);
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={toggle}
        aria-expanded={shown}
        style={{ alignSelf: 'flex-start' }}
      >
        {shown ? 'Hide raw response' : 'Show raw response'}
      </Button>
      {shown ? (
        <Code block tabIndex={0} aria-label="Raw response">
          {text}
        </Code>
      ) : null}
    </Stack>
  );
}
