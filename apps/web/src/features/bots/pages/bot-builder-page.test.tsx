import { markColors } from '@/components/bot-result';
import {
  BOT_LIMITS,
  publishBotPath,
  publishPreviewPath,
  publisherBotPath,
  publisherBotsPath,
  RULE_EMPTY_MESSAGE,
  sampleTranscriptsPath,
  testRunPath,
  type BotDetail,
  type BotInput,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockingViolations } from '@/test/axe';
import { fill } from '@/test/fill';
import { mockApi, type MockReply } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makeBotDetail, makeTestRunData, uuid } from '../test/fixtures';
import { BotCreatePage, BotEditPage } from './bot-builder-page';

afterEach(() => vi.unstubAllGlobals());

const SAMPLE = {
  id: 'demo-visit',
  title: 'Furnace visit',
  type: 'field-recording',
  call_type: null,
  transcript: 'unused',
  segments: [],
};

function renderCreate(handlers: Record<string, MockReply | ((c: never) => MockReply)> = {}) {
  const api = mockApi({
    [`GET ${sampleTranscriptsPath}`]: { body: { data: [SAMPLE] } },
    ...handlers,
  });
  const view = renderPage(<BotCreatePage />, {
    route: '/bot/create',
    url: '/bot/create',
    user: makeUser('publisher_admin'),
  });
  return { ...api, ...view };
}

function renderEdit(bot: BotDetail, handlers: Record<string, MockReply> = {}) {
  const api = mockApi({
    [`GET ${sampleTranscriptsPath}`]: { body: { data: [SAMPLE] } },
    [`GET ${publisherBotPath(bot.id)}`]: { body: { data: bot } },
    ...handlers,
  });
  const view = renderPage(<BotEditPage />, {
    route: '/bot/create/:id',
    url: `/bot/create/${bot.id}`,
    user: makeUser('publisher_admin'),
  });
  return { ...api, ...view };
}

const nameInput = () => screen.getByRole('textbox', { name: /^Name/ });
const tagBox = (i: number) => screen.getByRole('group', { name: `Output tag ${i}` });

/** A Mantine Select or TagsInput by its label (a required one ends in ' *'). */
const field = (label: string, root: HTMLElement = document.body) =>
  within(root).getByLabelText(new RegExp(`^${label}\\s*\\*?$`), { selector: 'input' });

async function pick(user: UserEvent, label: string, option: string) {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillValidRulesBot(user: UserEvent) {
  await fill(user, nameInput(), 'Plan offered');
  await fill(user, within(tagBox(0)).getByRole('textbox', { name: /^Label/ }), 'Plan');
  const phrases = field('Phrases', tagBox(0));
  await user.type(phrases, 'maintenance plan{Enter}');
}

describe('BotCreatePage', () => {
  it('counts the prompt live and flags it past 10,000 characters', async () => {
    renderCreate();
    const prompt = screen.getByRole('textbox', { name: /^Prompt/ });
    fireEvent.change(prompt, { target: { value: 'abc' } });
    expect(screen.getByTestId('prompt-count')).toHaveTextContent('3 / 10,000');
    fireEvent.change(prompt, { target: { value: 'x'.repeat(10_001) } });
    expect(screen.getByTestId('prompt-count')).toHaveTextContent('10,001 / 10,000');
    expect(screen.getByText('Prompt cannot have more than 10000 characters.')).toBeInTheDocument();
    expect(prompt).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds output tags up to ten, numbered 0–9, then disables adding', async () => {
    renderCreate();
    const user = userEvent.setup();
    // The LLM engine's tags have no rule inputs: the same limit with a lighter page.
    await user.click(screen.getByRole('radio', { name: /^LLM/ }));
    const add = screen.getByRole('button', { name: 'Add output tag' });
    for (let i = 0; i < 9; i++) await user.click(add);
    expect(screen.getAllByRole('group', { name: /^Output tag \d$/ })).toHaveLength(10);
    expect(screen.getByText('Tag 9')).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(screen.getByText(/^10 of 10\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove tag 3' }));
    expect(add).toBeEnabled();
    expect(screen.queryByText('Tag 9')).not.toBeInTheDocument();
  });

  it('offers only the trigger events of the chosen trigger', async () => {
    renderCreate();
    const user = userEvent.setup();
    const event = () => field('Trigger event');
    await user.click(event());
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Every']);
    await user.keyboard('{Escape}');

    await pick(user, 'Trigger', 'Call Complete');
    await pick(user, 'Trigger event', 'Call Booked');
    expect(event()).toHaveValue('Call Booked');
    await user.click(event());
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Every',
      'Call Booked',
      'Call Unbooked',
    ]);
    await user.keyboard('{Escape}');

    // Call Booked does not fit a job: the event goes back to Every.
    await pick(user, 'Trigger', 'Job Complete');
    expect(event()).toHaveValue('Every');
    await user.click(event());
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Every',
      'Revenue = $0',
      'Revenue > $10,000',
    ]);
  });

  it('requires something to match in each rule for the rules engine, and a prompt for the LLM engine', async () => {
    const { calls } = renderCreate();
    const user = userEvent.setup();
    await fill(user, nameInput(), 'Plan offered');
    await fill(user, within(tagBox(0)).getByRole('textbox', { name: /^Label/ }), 'Plan');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    // The message belongs to the whole rule: a phrase, a family or an example each fixes it.
    const rule = within(tagBox(0)).getByRole('group', { name: 'Rule of tag 0' });
    const message = await within(rule).findByText(RULE_EMPTY_MESSAGE);
    expect(rule).toHaveAttribute('aria-describedby', message.id);
    await user.click(within(rule).getByRole('button', { name: 'More ways to match' }));
    await user.click(within(rule).getByRole('checkbox', { name: 'Booking confirmed' }));
    expect(within(rule).queryByText(RULE_EMPTY_MESSAGE)).not.toBeInTheDocument();
    await user.click(within(rule).getByRole('checkbox', { name: 'Booking confirmed' }));

    await user.click(screen.getByRole('radio', { name: /^LLM/ }));
    expect(
      within(tagBox(0)).queryByLabelText(/^Phrases/, { selector: 'input' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Prompt/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('saves a new draft and goes to its builder address', async () => {
    const saved = makeBotDetail({ id: uuid(77) });
    const { calls } = renderCreate({ [`POST ${publisherBotsPath}`]: { body: { data: saved } } });
    const user = userEvent.setup();
    await fillValidRulesBot(user);
    await user.click(screen.getByRole('radio', { name: 'Private' }));
    await user.click(screen.getByRole('radio', { name: 'Red' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(`/bot/create/${uuid(77)}`);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Plan offered',
      description: '',
      color: 'red',
      trigger: 'recording-complete',
      trigger_event: 'every',
      prompt: '',
      output_tags: [
        {
          index: 0,
          label: 'Plan',
          description: '',
          rule: {
            phrases: ['maintenance plan'],
            speaker: 'anyone',
            extractors: [],
            families: [],
            examples: { match: [], ignore: [] },
            negation: true,
            after_tag: null,
            unless_tag: null,
          },
        },
      ],
      engine: 'rules',
      visibility: 'private',
    });
  });

  it('saves the picked families, the example sentences and negation with the rule', async () => {
    const saved = makeBotDetail({ id: uuid(78) });
    const { calls } = renderCreate({ [`POST ${publisherBotsPath}`]: { body: { data: saved } } });
    const user = userEvent.setup();
    await fill(user, nameInput(), 'Booked');
    await fill(user, within(tagBox(0)).getByRole('textbox', { name: /^Label/ }), 'Booked');
    const negation = within(tagBox(0)).getByRole('switch', { name: /^Ignore negated mentions/ });
    expect(negation).toBeChecked();

    await user.click(within(tagBox(0)).getByRole('button', { name: 'More ways to match' }));
    const family = within(tagBox(0)).getByRole('checkbox', { name: 'Booking confirmed' });
    await user.click(family);
    expect(family).toBeChecked();
    // Once picked, what the family covers shows without hover (phones have none).
    expect(
      within(tagBox(0)).getByRole('list', { name: 'What the picked families cover' }),
    ).toHaveTextContent(/Booking confirmed:.*pencil you in/);
    // Sentences keep their commas: one per line, blank lines dropped.
    await fill(
      user,
      within(tagBox(0)).getByRole('textbox', { name: /^Sentences that should match/ }),
      'Great, see you Monday at nine\n\n  You are all set  ',
    );
    await user.type(
      within(tagBox(0)).getByRole('textbox', { name: /^Sentences that should not match/ }),
      "Sorry, we're booked{Enter}",
    );
    await user.click(negation);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByTestId('elsewhere');
    const body = calls.find((c) => c.method === 'POST')?.body as BotInput;
    expect(body.output_tags[0]!.rule).toEqual({
      phrases: [],
      speaker: 'anyone',
      extractors: [],
      families: ['booking-confirmed'],
      examples: {
        match: ['Great, see you Monday at nine', 'You are all set'],
        ignore: ["Sorry, we're booked"],
      },
      negation: false,
      after_tag: null,
      unless_tag: null,
    });
  });

  it('names the example sentence that is too long, and keeps its section open', async () => {
    const { calls } = renderCreate();
    const user = userEvent.setup();
    await fillValidRulesBot(user);
    await user.click(within(tagBox(0)).getByRole('button', { name: 'More ways to match' }));
    const examples = within(tagBox(0)).getByRole('textbox', {
      name: /^Sentences that should not match/,
    });
    await fill(user, examples, `Booked solid\n${'x'.repeat(BOT_LIMITS.ruleExampleMax + 1)}`);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(examples).toHaveAttribute('aria-invalid', 'true'));
    expect(examples).toHaveAccessibleDescription(
      expect.stringContaining(`Sentence 2: at most ${BOT_LIMITS.ruleExampleMax} characters.`),
    );
    // A hidden field could not be fixed: the section stays open while it has an error.
    await user.click(within(tagBox(0)).getByRole('button', { name: /^More ways to match/ }));
    expect(examples).toBeInTheDocument();
    await user.type(examples, '{Backspace}');
    expect(examples).toBeInTheDocument();
    expect(examples).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('links a rule only to tags above it, by label, and follows them when a tag is removed', async () => {
    const rule = { phrases: ['x'], speaker: 'anyone' as const, extractors: [] };
    const bot = makeBotDetail({
      output_tags: ['Offered', 'Booked', 'Follow-up'].map((label, index) => ({
        index,
        label,
        description: '',
        rule: { ...rule, phrases: [label] },
      })),
    });
    const { calls } = renderEdit(bot, {
      [`PUT ${publisherBotPath(bot.id)}`]: { body: { data: bot } },
    });
    const user = userEvent.setup();
    await screen.findByDisplayValue(bot.name);
    // The first tag has nothing above it to link to.
    expect(within(tagBox(0)).queryByLabelText(/^Only in reply to/)).not.toBeInTheDocument();

    await user.click(field('Only in reply to', tagBox(2)));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Offered',
      'Booked',
    ]);
    await user.click(screen.getByRole('option', { name: 'Booked' }));
    await user.click(field('Only when this tag found nothing', tagBox(1)));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Offered']);
    await user.click(screen.getByRole('option', { name: 'Offered' }));

    // Removing Offered: Booked (now tag 0) loses its link to it; Follow-up still follows Booked.
    await user.click(screen.getByRole('button', { name: 'Remove tag 0' }));
    expect(field('Only in reply to', tagBox(1))).toHaveValue('Booked');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')?.body as BotInput;
    expect(body.output_tags.map((t) => [t.label, t.rule?.after_tag, t.rule?.unless_tag])).toEqual([
      ['Booked', null, null],
      ['Follow-up', 0, null],
    ]);
  });

  it('has no serious or critical axe violation with every rule field shown', async () => {
    renderCreate();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add output tag' }));
    await user.click(within(tagBox(1)).getByRole('button', { name: 'More ways to match' }));
    await user.click(within(tagBox(1)).getByRole('checkbox', { name: 'Concern: price' }));
    expect(await blockingViolations()).toEqual([]);
  });

  it('shows the server’s 422 field messages on the fields', async () => {
    renderCreate({
      [`POST ${publisherBotsPath}`]: {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { name: ['You already have a bot with this name.'] },
        },
      },
    });
    const user = userEvent.setup();
    await fillValidRulesBot(user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('You already have a bot with this name.')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = renderCreate();
    const user = userEvent.setup();
    await fill(user, nameInput(), 'Half done');
    await act(() => router.navigate('/bot/list'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/bot/create');
    await act(() => router.navigate('/bot/list'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole(
        'button',
        { name: 'Leave' },
      ),
    );
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/bot/list');
  });

  it('asks to save before reference files can be added, and before publishing', () => {
    renderCreate();
    expect(screen.getByText('Save the draft first to add reference files.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });
});

describe('BotEditPage', () => {
  it('test-runs the unsaved form and highlights the spans at their exact offsets', async () => {
    const bot = makeBotDetail();
    const segments = [
      { speaker: 'Technician', text: 'Hi, I checked the furnace.' },
      { speaker: 'Technician', text: 'We have a maintenance plan for $199 a year.' },
      { speaker: 'Customer', text: 'Sounds good.' },
    ];
    const joined = segments.map((s) => s.text).join(' ');
    const start = joined.indexOf('maintenance plan');
    const money = joined.indexOf('$199');
    const data = makeTestRunData(
      segments,
      [
        { start, end: start + 16 },
        { start: money, end: money + 4 },
      ],
      2,
    );
    const { calls } = renderEdit(bot, { [`POST ${testRunPath}`]: { body: { data } } });
    const user = userEvent.setup();
    await screen.findByDisplayValue(bot.name);
    await fill(user, nameInput(), ' v2');
    await pick(user, 'Sample transcript', 'Furnace visit');
    await user.click(screen.getByRole('button', { name: 'Run test' }));

    const transcript = await screen.findByTestId('test-run-transcript');
    const marks = transcript.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['maintenance plan', '$199']);
    // The bot's colour (green) with the contrast-checked mark colours of the interaction page.
    expect(marks[0]).toHaveStyle({
      borderBottom: `2px solid ${markColors('green', 'light').border}`,
    });
    // The text around the marks is the segment's, untouched.
    expect(marks[0]!.closest('li')).toHaveTextContent(
      '[00:05] Technician:We have a maintenance plan for $199 a year.',
    );
    expect(screen.getByText('Yes: $199 a year')).toBeInTheDocument();
    expect(screen.getByText('2 unmatched quotes')).toBeInTheDocument();

    const body = calls.find((c) => c.path === testRunPath)?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      bot_id: bot.id,
      sample_id: 'demo-visit',
      transcript: null,
      bot: { name: `${bot.name} v2`, engine: 'rules' },
    });
  });

  it('test-runs a rule saved before families with their defaults, and the examples added', async () => {
    const bot = makeBotDetail();
    const data = makeTestRunData([{ speaker: 'A', text: 'Hello' }], []);
    const { calls } = renderEdit(bot, { [`POST ${testRunPath}`]: { body: { data } } });
    const user = userEvent.setup();
    await screen.findByDisplayValue(bot.name);
    await user.click(within(tagBox(0)).getByRole('button', { name: 'More ways to match' }));
    await user.click(within(tagBox(0)).getByRole('checkbox', { name: 'Maintenance plan offered' }));
    await fill(
      user,
      within(tagBox(0)).getByRole('textbox', { name: /^Sentences that should match/ }),
      'We have a club, it covers two visits',
    );
    await pick(user, 'Sample transcript', 'Furnace visit');
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    await screen.findByText('0 highlighted spans');
    const body = calls.find((c) => c.path === testRunPath)?.body as { bot: BotInput };
    expect(body.bot.output_tags[0]!.rule).toEqual({
      phrases: ['maintenance plan'],
      speaker: 'agent',
      extractors: ['money'],
      families: ['maintenance-plan'],
      examples: { match: ['We have a club, it covers two visits'], ignore: [] },
      negation: true,
      after_tag: null,
      unless_tag: null,
    });
  });

  it('shows a failed test run’s message', async () => {
    const bot = makeBotDetail();
    const data = makeTestRunData([{ speaker: 'A', text: 'Hello' }], []);
    data.result = { ...data.result, status: 'failed', error_message: 'The LLM refused to answer.' };
    renderEdit(bot, { [`POST ${testRunPath}`]: { body: { data } } });
    const user = userEvent.setup();
    await screen.findByDisplayValue(bot.name);
    await user.click(screen.getByRole('radio', { name: 'Paste a transcript' }));
    await fill(user, screen.getByRole('textbox', { name: /^Transcript/ }), 'A: Hello');
    await user.click(screen.getByRole('button', { name: 'Run test' }));
    expect(await screen.findByText('The LLM refused to answer.')).toBeInTheDocument();
  });

  it('publishes with a required changelog line, then opens the bot', async () => {
    const bot = makeBotDetail({ latest_version: 2 });
    const { calls } = renderEdit(bot, {
      [`POST ${publishBotPath(bot.id)}`]: { body: { data: { ...bot, latest_version: 3 } } },
      [`POST ${publishPreviewPath(bot.id)}`]: {
        body: { data: { previous_version: 2, examples: 0, tags: [], dropped: false } },
      },
    });
    const user = userEvent.setup();
    await screen.findByDisplayValue(bot.name);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish version 3' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(calls.some((c) => c.path === publishBotPath(bot.id))).toBe(false);

    await fill(user, within(dialog).getByRole('textbox', { name: /^Changelog/ }), 'Finds prices');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(`/bot/detail/${bot.id}`);
    expect(calls.find((c) => c.path === publishBotPath(bot.id))?.body).toEqual({
      changelog: 'Finds prices',
    });
    expect(await screen.findByText('Version 3 published.')).toBeInTheDocument();
  });

  it('keeps Publish off while the form has unsaved changes', async () => {
    const bot = makeBotDetail();
    renderEdit(bot);
    const user = userEvent.setup();
    await screen.findByDisplayValue(bot.name);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
    await fill(user, nameInput(), '!');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByText('Save the draft before publishing.')).toBeInTheDocument();
  });

  it('shows Bot not found for a malformed id without asking the server', async () => {
    const { calls } = mockApi({});
    renderPage(<BotEditPage />, {
      route: '/bot/create/:id',
      url: '/bot/create/not-a-bot',
      user: makeUser('publisher_admin'),
    });
    expect(await screen.findByRole('heading', { name: 'Bot not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Bots' })).toHaveAttribute('href', '/bot/list');
    expect(calls).toEqual([]);
  });
});
