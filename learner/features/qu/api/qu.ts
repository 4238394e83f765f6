import { useQuery } from '@tanstack/react-query';
import { userQuApi } from '../../../../common/api/qu';
import { call } from '../../../../common/http';

/**
 * A question with its answer and analysis, if I have earned it (wrong book, practice, a released
 * result); otherwise the server refuses (10010003) and the page says so. Silent: the page shows it.
 */
export const useLearnerQu = (id: string) => useQuery({ queryKey: ['qu', 'learner', id], queryFn: () => call(userQuApi.detail, { id }, { silent: true }) });
