import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { setFlash } from '../../common/flash';
import { ErrorCode } from '../../common/errorCodes';
import { ApiError } from '../../common/http';

/**
 * The http client answers 10010002 by dropping the token and reloading the page; leave its message
 * for the sign-in page the reload ends on, so the learner knows why they are there.
 */
function keepSessionEndReason(error: unknown) {
  if (error instanceof ApiError && error.code === ErrorCode.SESSION_INVALID) setFlash(error.message);
}

/**
 * Server data of the learner app. Loads are not retried behind the learner's back: a failed load
 * shows its message with a 重试 button at once (features/*, components/QueryState). Data is
 * refetched when a screen mounts again, not when the window regains focus (an exam page must not
 * reload under the learner).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: keepSessionEndReason }),
    mutationCache: new MutationCache({ onError: keepSessionEndReason }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
