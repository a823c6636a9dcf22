import type { AdminUser } from '@atrium/contract';
import { StatusChip } from '../../../components/admin';

/** docs/product.md §3 status colours: Active or Inactive. */
export const UserStatusChip = ({ user }: { user: Pick<AdminUser, 'status'> }) => <StatusChip status={user.status} />;
