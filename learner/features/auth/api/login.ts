import { useMutation } from '@tanstack/react-query';
import { authApi, type LoginBody } from '../../../../common/api/user';
import { call } from '../../../../common/http';

/** Sign in; a refusal (wrong password, disabled, rate limited…) is shown by the http client. */
export const login = (body: LoginBody) => call(authApi.login, body);

export const useLogin = () => useMutation({ mutationFn: login });
