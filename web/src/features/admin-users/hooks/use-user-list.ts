// The users list state shared by the table and the card views: a debounced email filter (kept in
// the address, so a reload or a shared link keeps it) and previous/next paging over continuationToken.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useContinuationPaging } from '../../../components/admin';
import { useGetAdminUsersQuery } from '../api/admin-users.api';

const DebounceMs = 300;

export function useUserList(pageSize: number) {
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const [input, setInput] = useState(email);
  useEffect(() => {
    if (input === email) return;
    const timer = setTimeout(() => setParams(input ? { email: input } : {}, { replace: true }), DebounceMs);
    return () => clearTimeout(timer);
  }, [input, email, setParams]);
  const paging = useContinuationPaging(email);
  const query = useGetAdminUsersQuery({ emailAddress: email.trim(), continuationToken: paging.token, pageSize });
  const nextToken = query.data?.continuationToken ?? null;
  return {
    filter: input,
    setFilter: setInput,
    query,
    paging: {
      page: paging.page,
      hasPrevious: paging.hasPrevious,
      hasNext: nextToken !== null,
      onPrevious: paging.previous,
      onNext: () => nextToken && paging.next(nextToken),
    },
  };
}
