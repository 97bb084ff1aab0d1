export { planAppBuilderTurn } from './plan';
export type { AppBuilderTurn, AppBuilderTurnInput, ConversationMessage } from './turn';
export { createOfflineAppBuilderModel, type OfflineAppBuilderModelOptions } from './model';
export { appNameOfDescription } from './build';
