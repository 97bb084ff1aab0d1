export { DevMailPage } from './routes/dev-mail-page';
