import { useMutation } from '@tanstack/react-query';
import { authApi, type RegisterBody } from '../../../../common/api/user';
import { call } from '../../../../common/http';

/** Learner self-registration; a `pending` answer (waiting for review) carries no usable token. */
export const register = (body: RegisterBody) => call(authApi.reg, body);

export const useRegister = () => useMutation({ mutationFn: register });
