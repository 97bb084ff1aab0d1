export { AdminPage } from './routes/admin-page';
