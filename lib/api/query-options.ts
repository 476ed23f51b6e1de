import type { UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import type { ApiRequestError } from './client';

/**
 * What a query hook's caller may set: every react-query option but the key and the fetcher, which
 * the hook owns. A failed request is always an ApiRequestError (lib/api/client.ts).
 */
export type QueryOptions<TQueryFnData, TData = TQueryFnData> = Omit<
  UseQueryOptions<TQueryFnData, ApiRequestError, TData>,
  'queryKey' | 'queryFn'
>;

/** What a mutation hook's caller may set: every option but the fetcher, which the hook owns. */
export type MutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, ApiRequestError, TVariables>,
  'mutationFn'
>;
