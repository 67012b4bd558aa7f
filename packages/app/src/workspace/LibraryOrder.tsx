import { useLingui } from '@lingui/react/macro';
import type { LibraryFilter, LibrarySort } from '@scribe/transcript-kit/utils';
import { Button, Menu, MenuItem, MenuTrigger } from '@scribe/ui';
import * as styles from './workspace.css.ts';

type SortId = `${LibrarySort['by']}-${LibrarySort['direction']}`;
const sortIds: SortId[] = ['date-desc', 'date-asc', 'name-asc', 'name-desc', 'length-desc', 'length-asc', 'status-asc'];
const filterIds: Array<LibraryFilter['status']> = ['all', 'completed', 'processing', 'error'];

/** The library's order and filter: two menus above the tree (the work is done by the kit's pure functions). */
export function LibraryOrder({
  sort,
  filter,
  onSortChange,
  onFilterChange,
}: {
  sort: LibrarySort;
  filter: LibraryFilter;
  onSortChange: (sort: LibrarySort) => void;
  onFilterChange: (filter: LibraryFilter) => void;
}) {
  const { t } = useLingui();
  const sortLabels: Record<SortId, string> = {
    'date-desc': t`Newest first`,
    'date-asc': t`Oldest first`,
    'name-asc': t`Name (A–Z)`,
    'name-desc': t`Name (Z–A)`,
    'length-desc': t`Longest first`,
    'length-asc': t`Shortest first`,
    'status-asc': t`Status`,
    'status-desc': t`Status`,
  };
  const filterLabels: Record<LibraryFilter['status'], string> = {
    all: t`All transcripts`,
    completed: t`Completed`,
    processing: t`Processing`,
    error: t`Failed`,
  };
  const current: SortId = `${sort.by}-${sort.direction}`;
  return (
    <div className={styles.libraryOrder}>
      <MenuTrigger>
        <Button size="sm">{t`Sort: ${sortLabels[current]}`}</Button>
        <Menu
          aria-label={t`Sort transcripts`}
          selectionMode="single"
          selectedKeys={[current]}
          onAction={(key) => {
            const [by, direction] = String(key).split('-') as [LibrarySort['by'], LibrarySort['direction']];
            onSortChange({ by, direction });
          }}
        >
          {sortIds.map((id) => (
            <MenuItem key={id} id={id}>
              {sortLabels[id]}
            </MenuItem>
          ))}
        </Menu>
      </MenuTrigger>
      <MenuTrigger>
        <Button size="sm">{t`Show: ${filterLabels[filter.status]}`}</Button>
        <Menu
          aria-label={t`Show transcripts`}
          selectionMode="single"
          selectedKeys={[filter.status]}
          onAction={(key) => onFilterChange({ status: String(key) as LibraryFilter['status'] })}
        >
          {filterIds.map((id) => (
            <MenuItem key={id} id={id}>
              {filterLabels[id]}
            </MenuItem>
          ))}
        </Menu>
      </MenuTrigger>
    </div>
  );
}
