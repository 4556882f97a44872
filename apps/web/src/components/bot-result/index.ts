export {
  BotResultSection,
  selectedBotResult,
  type BotResultSectionProps,
} from './bot-result-section';
export { RunBotsDialog, selectableBots } from './run-bots-dialog';
export {
  useBotResult,
  useAwaitingAutomaticRun,
  botResultQueryOptions,
  BOT_RESULT_POLL_MS,
} from './api/get-bot-result';
export type { BotResultTarget } from './api/bot-result-target';
export type { BotResultTab, BotResultView } from './api/bot-result-view';
export { botMantineColor, markColors, type MarkColors } from './bot-colors';
export { useCompanyBots, companyBotsQueryKey } from './api/get-company-bots';
export { HighlightedTranscript, type HighlightedTranscriptProps } from './highlighted-transcript';
export { BotResultPanel } from './bot-result-panel';
export { jsonText } from './api/bot-result-view';
export { BotIcon } from './bot-icon';
export { MissedMarkBar, missedMarkHint } from './missed-mark-bar';
export { useMissedMarking, type MissedMarking } from './missed-marking';
export { TranscriptText } from './transcript-text';
export { missedRanges, type MissedRange } from './missed-marks';
