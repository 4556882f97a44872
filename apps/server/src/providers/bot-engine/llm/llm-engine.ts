import { BotEngineError, type BotEngine } from '../bot-engine.js';

/** CONTRACT STUB (issue 9): replaced by the LLM engine work stream. */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

export function createLlmEngine(config: LlmConfig): BotEngine {
  void config;
  return {
    kind: 'llm',
    run: () => Promise.reject(new BotEngineError('The LLM engine is not built yet.', false)),
  };
}
