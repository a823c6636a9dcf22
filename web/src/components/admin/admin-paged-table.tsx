// The list of an admin page: a table with loading, error and empty states, optional row links,
// optional expandable rows (details under a row) and a footer for paging: either page-by-page
// (use with useContinuationPaging) or "Load more" (infinite lists such as the audit log).
import './admin-ui-texts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n/i18n';
import { useNavigate } from 'react-router';
import { AdminErrorAlert } from './admin-error-alert';
import { EmptyState } from '../empty-state';

export interface AdminColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** hide the column on screens narrower than this breakpoint (keeps small screens readable) */
  hideBelow?: 'sm' | 'md' | 'lg';
}

export interface AdminPaging {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

export interface AdminPagedTableProps<T> {
  /** accessible name of the table, e.g. "Users" */
  label: string;
  columns: AdminColumn<T>[];
  rows: readonly T[] | undefined;
  getRowId: (row: T) => string;
  /** first load: skeleton rows */
  isLoading?: boolean;
  /** a later load (next page, refetch): a thin progress bar over the rows */
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  emptyIcon?: ReactNode;
  /** whole-row link (keyboard: Enter on the focused row) */
  rowHref?: (row: T) => string;
  /** expandable rows: what to show under a row when it is opened */
  renderExpanded?: (row: T) => ReactNode;
  /** page-by-page footer */
  paging?: AdminPaging;
  /** "Load more" footer for infinite lists */
  loadMore?: { hasMore: boolean; loading: boolean; onLoadMore: () => void };
}

const hideSx = (below?: AdminColumn<unknown>['hideBelow']) => (below ? { display: { xs: 'none', [below]: 'table-cell' } } : undefined);

export function AdminPagedTable<T>(props: AdminPagedTableProps<T>) {
  const { label, columns, rows, getRowId, isLoading, isFetching, error, onRetry, emptyText, emptyIcon, rowHref, renderExpanded, paging, loadMore } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const span = columns.length + (renderExpanded ? 1 : 0);

  if (error && !rows) return <AdminErrorAlert error={error} onRetry={onRetry} />;

  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {isFetching && !isLoading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-label={t('common.loading')} />}
      <TableContainer>
        <Table aria-label={label} size="medium">
          <TableHead>
            <TableRow>
              {renderExpanded && <TableCell padding="checkbox" />}
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ fontWeight: 600, width: c.width, ...hideSx(c.hideBelow) }}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading &&
              [0, 1, 2, 3, 4].map((i) => (
                <TableRow key={`skeleton-${i}`}>
                  {Array.from({ length: span }, (_, j) => (
                    <TableCell key={j}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!isLoading && rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={span} sx={{ borderBottom: 'none' }}>
                  <EmptyState dense icon={emptyIcon} text={emptyText ?? t('adminUi.empty')} />
                </TableCell>
              </TableRow>
            )}
            {!isLoading &&
              rows?.map((row) => {
                const id = getRowId(row);
                const href = rowHref?.(row);
                const expanded = open.has(id);
                return (
                  <Fragment key={id}>
                    <TableRow
                      hover={Boolean(href || renderExpanded)}
                      tabIndex={href ? 0 : undefined}
                      onClick={href ? () => navigate(href) : renderExpanded ? () => toggle(id) : undefined}
                      onKeyDown={href ? (e) => e.key === 'Enter' && navigate(href) : undefined}
                      sx={{
                        cursor: href || renderExpanded ? 'pointer' : undefined,
                        '& > td': renderExpanded ? { borderBottom: expanded ? 'none' : undefined } : undefined,
                      }}
                    >
                      {renderExpanded && (
                        <TableCell padding="checkbox">
                          <IconButton
                            size="small"
                            aria-label={expanded ? t('adminUi.collapseRow') : t('adminUi.expandRow')}
                            aria-expanded={expanded}
                            onClick={(e) => {
                              e.stopPropagation();
                              toggle(id);
                            }}
                          >
                            {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                          </IconButton>
                        </TableCell>
                      )}
                      {columns.map((c) => (
                        <TableCell key={c.key} align={c.align} sx={hideSx(c.hideBelow)}>
                          {c.render(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                    {renderExpanded && (
                      <TableRow>
                        <TableCell colSpan={span} sx={{ py: 0, ...(expanded ? {} : { borderBottom: 'none' }) }}>
                          <Collapse in={expanded} timeout="auto" unmountOnExit>
                            <Box sx={{ py: 2 }}>{renderExpanded(row)}</Box>
                          </Collapse>
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
          </TableBody>
        </Table>
      </TableContainer>
      {error != null && rows != null && (
        <Box sx={{ p: 2 }}>
          <AdminErrorAlert error={error} onRetry={onRetry} />
        </Box>
      )}
      {paging && (paging.hasPrevious || paging.hasNext) && (
        <Stack direction="row" spacing={1} sx={{ p: 1, alignItems: 'center', justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
            {t('adminUi.pageNumber', { page: paging.page })}
          </Typography>
          <IconButton aria-label={t('adminUi.previousPage')} disabled={!paging.hasPrevious || isFetching} onClick={paging.onPrevious}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton aria-label={t('adminUi.nextPage')} disabled={!paging.hasNext || isFetching} onClick={paging.onNext}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      )}
      {loadMore?.hasMore && (
        <Stack sx={{ p: 1.5, alignItems: 'center', borderTop: 1, borderColor: 'divider' }}>
          <Button onClick={loadMore.onLoadMore} disabled={loadMore.loading}>
            {t('adminUi.loadMore')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
