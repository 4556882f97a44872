import { BotEngineError, type BotEngine } from '../bot-engine.js';

/** CONTRACT STUB (issue 9): replaced by the rules engine work stream. */
export function createRulesEngine(): BotEngine {
  return {
    kind: 'rules',
    run: () => Promise.reject(new BotEngineError('The rules engine is not built yet.', false)),
  };
}
