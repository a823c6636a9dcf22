// What analytics reads of the conversation segments (docs/analytics.md): one row per segment created in a time range
// (a performance test's are left out: docs/performance-tests.md), as a subquery that the analytics rollup aggregates in
// the database. The tables stay this module's: the caller gets
// a select with these columns and nothing else.
import { sql, type SQL } from 'drizzle-orm';
import { conversationSegments, conversations } from '../../db/schema/index.js';

/** The columns of segmentUsageRows' rows. */
export interface SegmentUsageColumns {
  created_at: Date;
  /** true for a conversation's first question (not a regenerated answer): a conversation started */
  is_first: boolean;
  gpt_system_id: string | null;
  brand_key: string;
  model: string;
  deployment_name: string;
  /** 'Public' for a visitor's conversation at a public endpoint, 'Private' for a signed-in person's */
  privacy: 'Public' | 'Private';
  /** the person's id, or a uuid made from a visitor's session identifier (one per visitor session) */
  user_key: string;
  user_id: string | null;
  input_tokens: number;
  output_tokens: number;
  /** 1 with positive feedback, else 0; feedback_negative likewise */
  feedback_positive: number;
  feedback_negative: number;
}

/** Segments created in [from, to), read through the created_at index. */
export function segmentUsageRows(from: Date, to: Date): SQL {
  const s = conversationSegments;
  const c = conversations;
  return sql`select ${s.createdAt} as created_at,
      (${s.parentSegmentId} is null and ${s.regeneratedFromSegmentId} is null) as is_first,
      coalesce(${s.gptSystemId}, ${c.gptSystemId}) as gpt_system_id,
      coalesce(${s.brandKey}, ${c.brandKey}, 'default') as brand_key,
      coalesce(${s.model}, '') as model,
      coalesce(${s.deploymentName}, '') as deployment_name,
      case when ${c.userId} is null and ${s.userId} is null then 'Public' else 'Private' end as privacy,
      coalesce(${s.userId}, ${c.userId}, md5('visitor:' || coalesce(${c.sessionIdentifier}, ${c.id}::text))::uuid) as user_key,
      coalesce(${s.userId}, ${c.userId}) as user_id,
      coalesce(${s.promptTokens}, 0)::bigint as input_tokens,
      coalesce(${s.completionTokens}, 0)::bigint as output_tokens,
      case when (${s.feedback} ->> 'isPositive') = 'true' then 1 else 0 end as feedback_positive,
      case when (${s.feedback} ->> 'isPositive') = 'false' then 1 else 0 end as feedback_negative
    from ${s} join ${c} on ${c.id} = ${s.conversationId}
    where ${s.createdAt} >= ${from.toISOString()}::timestamptz and ${s.createdAt} < ${to.toISOString()}::timestamptz
      and ${s.performanceTestRunId} is null`;
}

/** When the first segment was created (null: none yet): where a first rollup starts. */
export function firstSegmentAt(): SQL {
  return sql`select min(${conversationSegments.createdAt}) as at from ${conversationSegments}`;
}
