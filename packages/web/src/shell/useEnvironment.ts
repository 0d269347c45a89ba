import type { ClientConfig } from '@moc/domain/api/session'
import { useQuery } from '@tanstack/react-query'
import { clientConfig } from '../api/client.ts'

/** DEVELOP or RELEASE from the public client config (spec §9); RELEASE until it is known. */
export function useEnvironment(): ClientConfig['environment'] {
  const { data } = useQuery({
    queryKey: ['client-config'],
    queryFn: async () => (await clientConfig()).config,
    staleTime: Number.POSITIVE_INFINITY,
  })
  return data?.environment ?? 'RELEASE'
}
