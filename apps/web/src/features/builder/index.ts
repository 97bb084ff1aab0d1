export { BuilderPage } from './routes/builder-page';
