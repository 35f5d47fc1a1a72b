import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authEndpoints } from '../../../../contract/auth.ts';
import type { EndpointResponse } from '../../../../contract/endpoint.ts';
import { callApi } from '../../lib/api-client.ts';
import { logError } from '../../lib/log.ts';
import { clearSessionToken, writeSessionToken } from '../../lib/session-token.ts';
import { applyTheme } from '../../lib/theme.ts';

/** Query keys of the auth feature. */
export const authKeys = {
  me: ['auth', 'me'] as const,
};

/**
 * The signed-in user (GET /api/auth/me). The API client refreshes an expired token once on 401;
 * a failure after that means the session is over. Kept for the whole visit: it changes only by
 * signing in or out, which reset the cache.
 */
export const meQuery = queryOptions({
  queryKey: authKeys.me,
  queryFn: async ({ signal }) => (await callApi(authEndpoints.me, { signal })).data,
  staleTime: Infinity,
  retry: false,
});

/** The signed-in user; inside the guarded routes it is always loaded. */
export function useMe() {
  return useQuery(meQuery);
}

/**
 * Shows the signed-in user's theme: it is kept on the user (PRODUCT.md#local-preferences), so it
 * follows them to every browser; index.html shows the stored one until the user is loaded.
 */
export function useUserTheme() {
  const theme = useMe().data?.theme;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
}

/** Keeps the new session's token and drops every cached query of a previous user. */
function startSession(
  queryClient: ReturnType<typeof useQueryClient>,
  response: EndpointResponse<typeof authEndpoints.login>,
) {
  queryClient.removeQueries();
  writeSessionToken(response.data.token.access_token);
}

/**
 * Signs in with email and password (PRODUCT.md#session): stores the token and starts from an empty
 * cache, so nothing of a previous user lingers.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      callApi(authEndpoints.login, { body: credentials }),
    // A 401 here is a wrong password, not an ended session.
    meta: { anonymous: true },
    onSuccess: (response) => startSession(queryClient, response),
  });
}

/** Asks for a password reset mail (POST /api/auth/forgot); resolves to the sentence to show. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await callApi(authEndpoints.forgot, { body: { email } })).data.message,
    meta: { anonymous: true },
  });
}

/**
 * Sets a new password with the mailed token, then signs in with it (PRODUCT.md#after-an-action:
 * reset success goes to /, signed in). The reset ended every session, so the cache starts empty.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; token: string; password: string }) => {
      await callApi(authEndpoints.reset, {
        body: { ...input, password_confirmation: input.password },
      });
      return callApi(authEndpoints.login, {
        body: { email: input.email, password: input.password },
      });
    },
    meta: { anonymous: true },
    onSuccess: (response) => startSession(queryClient, response),
  });
}

/**
 * Ends the session (PRODUCT.md#session): tells the server (a failure is only logged,
 * PRODUCT.md#messages), forgets the token, goes to /login and then drops every cached query, so
 * nothing of this user lingers.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: async () => {
      try {
        await callApi(authEndpoints.logout);
      } catch (error) {
        logError('logout failed', error);
      }
      clearSessionToken();
    },
  });
  async function logout() {
    await mutation.mutateAsync();
    await navigate('/login');
    queryClient.removeQueries();
  }
  return { logout, isPending: mutation.isPending };
}
