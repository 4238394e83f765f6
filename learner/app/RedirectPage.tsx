import { Navigate, useLocation, useParams } from 'react-router-dom';

/** /redirect/{path*}: the internal refresh helper — replaces itself with the rest of the path. */
export function RedirectPage() {
  const rest = useParams()['*'] ?? '';
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
