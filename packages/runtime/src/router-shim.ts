/**
 * `react-router-dom` for generated apps: the runtime's one router (react-router 7), so `Link`,
 * `useNavigate`, `useLocation` and `useSearchParams` in app code drive the runtime's page routing.
 */
export { Link, NavLink, Navigate, useNavigate, useLocation, useSearchParams, useParams } from 'react-router';
