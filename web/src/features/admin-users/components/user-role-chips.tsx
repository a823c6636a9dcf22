import type { AdminUserRoleRef } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';

/** A person's roles as small chips; built-in roles are outlined. */
export function UserRoleChips({ roles }: { roles: readonly AdminUserRoleRef[] }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {roles.map((r) => (
        <Chip key={r.userRoleId} size="small" label={r.name} variant={r.isBuiltIn ? 'outlined' : 'filled'} />
      ))}
    </Stack>
  );
}
