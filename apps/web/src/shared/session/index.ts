export {
  fetchSession,
  refreshSession,
  signOut,
  useSession,
  useSessionSync,
  SESSION_QUERY_KEY,
  type Session,
} from './session';
