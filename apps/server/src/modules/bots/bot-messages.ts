/** What the publisher bot routes answer with besides the shared catalogue (the page relays them). */
export const BOT_MESSAGES = {
  nothingChanged: (version: number) =>
    `Nothing changed since version ${version}. Edit the bot before publishing again.`,
  archived: 'This bot is archived and can no longer be changed.',
  unreadableFile: (name: string) =>
    `The text of ${name} could not be read. Please check the file and upload it again.`,
  uploadNotFound: 'The file was not uploaded. Please upload it again.',
  sampleNotFound: 'Please select a valid sample transcript.',
  emptyTranscript: 'The transcript has no lines to test on.',
  tooManyTestRuns: (seconds: number) =>
    `Too many test runs. Please try again in ${seconds} seconds.`,
  testRunTimedOut: 'The test run took too long. Please try again.',
} as const;
