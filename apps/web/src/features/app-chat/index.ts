export { AppChatPanel } from './components/app-chat-panel';
