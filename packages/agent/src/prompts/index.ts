export { buildSystemPrompt, type SystemPromptInput } from './system-prompt';
