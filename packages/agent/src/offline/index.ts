export { planAppBuilderTurn, type AppBuilderTurn, type AppBuilderTurnInput, type ConversationMessage } from './plan';
export { createOfflineAppBuilderModel, type OfflineAppBuilderModelOptions } from './model';
export { appNameOfDescription } from './build';
