export { BuilderPage } from './routes/builder-page';
export { useAppDetails } from './api/app';
