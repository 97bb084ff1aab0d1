export { formatRelativeTime, RELATIVE_TIME_MIN_PERIOD_MS } from './relative-time';
