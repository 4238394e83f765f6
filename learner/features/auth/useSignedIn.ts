import { useNavigate, useSearchParams } from 'react-router-dom';
import type { TokenResult } from '../../../common/api';
import { useSession } from '../../app/session/context';
import { paths } from '../../config/paths';

/** Signed in: keep the token and go on through /sync. */
export function useSignedIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (result: TokenResult) => {
    signIn(result.token);
    navigate(paths.sync.to(search.get('redirect')), { replace: true });
  };
}
