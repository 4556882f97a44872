import type { BotEngines } from './bot-engine.js';
import { createLlmEngine, type LlmConfig } from './llm/llm-engine.js';
import { createRulesEngine } from './rules/rules-engine.js';

export * from './bot-engine.js';

/** The rules engine always; the LLM engine when an endpoint is configured. */
export function createBotEngines(llm: LlmConfig | null): BotEngines {
  return { rules: createRulesEngine(), llm: llm ? createLlmEngine(llm) : null };
}
