// The data sources block of the agent editors, self-contained: it lists the file libraries the person may read
// (polling while some file is on its way to Online), keeps the draft's choice of libraries with their top-k,
// minimum score and metadata filter, and hands the editor what to save through its ref (`prepare`): the libraries in the wire shape, or
// the refusal of fields the contract's rules find wrong (shown at those fields already). The editor learns the count
// and the labels of the libraries' fields (for the server's issues) through `onState`. The default export, so that
// an editor on a budget (the personal agent page, whose chunk names the app's entry lists) can load it lazily.
import { useEffect, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import type { AgentDataSource, ConfigIssue } from '@atrium/contract';
import { AgentDataSources } from './agent-data-sources';
import { useListAgentLibraryChoicesQuery } from './agent-libraries.api';
import { filterableFieldsOf } from './library-filter-values';
import { dataSourceLabels, dataSourceProblems, draftsOf, problemIssues, refusedSave, sourcesOf, type DataSourceDraft } from './agent-data-sources-values';

export interface AgentKnowledgeHandle {
  /** what to save: the libraries, or a refusal shaped as the server's 400 */
  prepare(): { dataSources: AgentDataSource[] } | { refused: ReturnType<typeof refusedSave> };
}

export interface AgentKnowledgeState {
  count: number;
  /** how the server's issues at `dataSources.{i}.…` are named: the library's name and the field */
  labels: Record<string, string>;
}

export interface AgentKnowledgeProps {
  ref?: Ref<AgentKnowledgeHandle>;
  initial: readonly AgentDataSource[];
  /** the person may read file libraries (else the list is not asked for, and only the draft's own are shown) */
  mayList: boolean;
  disabled?: boolean;
  personal?: boolean;
  createLibraryPath?: string;
  onState?: (state: AgentKnowledgeState) => void;
}

export default function AgentKnowledge({ ref, initial, mayList, disabled, personal, createLibraryPath, onState }: AgentKnowledgeProps) {
  const [drafts, setDrafts] = useState<DataSourceDraft[]>(() => draftsOf(initial));
  const libraries = useListAgentLibraryChoicesQuery(undefined, { skip: !mayList });
  const items = libraries.data?.items;
  const problems = useMemo(() => {
    const fieldsOf = (id: string) => {
      const library = items?.find((l) => l.dataSourceId === id);
      return library ? filterableFieldsOf(library.filterableFields) : undefined;
    };
    return dataSourceProblems(drafts, fieldsOf);
  }, [drafts, items]);
  // the statuses catch up while some file is queued or being read
  const busy = libraries.data?.items.some((l) => l.files.queued + l.files.processing > 0) ?? false;
  useListAgentLibraryChoicesQuery(undefined, { skip: !mayList || !busy, pollingInterval: 3000 });

  useImperativeHandle(
    ref,
    () => ({
      prepare: () => {
        const issues: ConfigIssue[] = problemIssues(drafts, problems);
        return issues.length > 0 ? { refused: refusedSave(issues) } : { dataSources: sourcesOf(drafts) };
      },
    }),
    [drafts, problems],
  );

  useEffect(() => {
    const nameOf = (id: string) => items?.find((l) => l.dataSourceId === id)?.name ?? id;
    onState?.({ count: drafts.length, labels: dataSourceLabels(drafts, nameOf) });
  }, [drafts, items, onState]);

  return (
    <AgentDataSources
      listable={mayList}
      libraries={items}
      loadError={libraries.error}
      onRetry={() => void libraries.refetch()}
      value={drafts}
      onChange={setDrafts}
      problems={problems}
      disabled={disabled}
      createLibraryPath={createLibraryPath}
      personal={personal}
    />
  );
}
