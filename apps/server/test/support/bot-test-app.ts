import { scriptedEngines } from './bots';
import { useInteractionFixtures } from './interaction-fixtures';
import { signedInClients, useTestApp } from './test-app';

/**
 * The app of a bot-run test: bot engines the test scripts, the interaction fixtures, and one
 * signed-in client per email.
 */
export function useBotTestApp(env: Record<string, string>) {
  const fake = scriptedEngines();
  const t = useTestApp({ env, botEngines: fake.engines });
  const fx = useInteractionFixtures(t);
  const as = signedInClients(t);
  return { fake, t, fx, as };
}
