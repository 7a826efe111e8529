import type { Label, Milestone } from '../../../../../api/types';
import { LabelChip } from '../../layout/parts';
import { filterQuery, toggled, type IssueFilter, type StateFilter } from './issueFilter';

export interface StateCounts {
  readonly open: number;
  readonly closed: number;
}

/** Open / Closed / All with their counts under the other filters, as links. */
export function StateTabs({
  filter,
  counts,
}: {
  readonly filter: IssueFilter;
  readonly counts: StateCounts;
}) {
  const tab = (state: StateFilter, label: string, count: number) => (
    <a class={filter.state === state ? 'active' : undefined} href={filterQuery(filter, { state })}>
      {count} {label}
    </a>
  );
  return (
    <nav class="tabs" aria-label="State">
      {tab('open', 'Open', counts.open)}
      {tab('closed', 'Closed', counts.closed)}
      {tab('all', 'All', counts.open + counts.closed)}
    </nav>
  );
}

/**
 * The label, milestone and keyword filters without JavaScript: labels as toggling links, the milestone and
 * the keyword in a GET form that keeps the other filters in hidden fields.
 */
export function IssueFilters(props: {
  readonly filter: IssueFilter;
  readonly labels: readonly Label[];
  readonly milestones: readonly Milestone[];
  readonly searchLabel: string;
}) {
  const { filter } = props;
  return (
    <div class="filters">
      <form method="get" class="row" role="search">
        {filter.state !== 'open' ? <input type="hidden" name="state" value={filter.state} /> : null}
        {filter.labels.length > 0 ? (
          <input type="hidden" name="labels" value={filter.labels.join(',')} />
        ) : null}
        <input type="search" name="q" value={filter.q} placeholder={props.searchLabel} aria-label="Search" />
        {props.milestones.length > 0 ? (
          <select name="milestone" aria-label="Milestone">
            <option value="0">All milestones</option>
            {props.milestones.map((milestone) => (
              <option
                key={milestone.id}
                value={String(milestone.id)}
                selected={milestone.id === filter.milestone}
              >
                {milestone.title}
              </option>
            ))}
          </select>
        ) : null}
        <button type="submit">Filter</button>
        {filter.labels.length > 0 || filter.milestone > 0 || filter.q ? (
          <a href={filterQuery({ ...filter, labels: [], milestone: 0, q: '' })}>Clear filters</a>
        ) : null}
      </form>
      {props.labels.length > 0 ? (
        <div class="row small" aria-label="Labels">
          {props.labels.map((label) => (
            <a
              key={label.id}
              class={filter.labels.includes(label.id) ? 'label-filter selected' : 'label-filter'}
              href={filterQuery(filter, { labels: toggled(filter.labels, label.id) })}
            >
              <LabelChip name={label.name} color={label.color} />
            </a>
          ))}
        </div>
      ) : null}
    </div>
  );
}
