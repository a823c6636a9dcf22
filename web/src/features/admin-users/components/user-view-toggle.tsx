// Switches between the table (/admin/user) and the cards (/admin/user/cards), keeping the filter.
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import GridViewIcon from '@mui/icons-material/GridView';
import TableRowsIcon from '@mui/icons-material/TableRows';
import { useTranslation } from '../../../app/i18n/i18n';
import { useLocation, useNavigate } from 'react-router';

export function UserViewToggle({ view }: { view: 'table' | 'cards' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_e, next: 'table' | 'cards' | null) => next && navigate(`/admin/user${next === 'cards' ? '/cards' : ''}${search}`)}
    >
      <ToggleButton value="table" aria-label={t('adminUsers.viewTable')}>
        <TableRowsIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton value="cards" aria-label={t('adminUsers.viewCards')}>
        <GridViewIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
