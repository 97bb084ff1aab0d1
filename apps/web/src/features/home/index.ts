export { HomePage } from './routes/home-page';
