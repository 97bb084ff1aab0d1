export { AnalyticsPage } from './routes/analytics-page';
