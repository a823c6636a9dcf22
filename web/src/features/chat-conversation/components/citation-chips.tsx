// The citation chips' entry, which answer-card.tsx loads lazily: a module without imports of its own, so that the chat
// route's chunk names only this chunk for it (its budget has no room for the list of chunks the chips import); the
// chips load from here.
import { lazy, Suspense } from 'react';
import type { Citation } from '@atrium/contract';

const CitationChipsView = lazy(() => import('./citation-chips-view'));

export default function CitationChips({ citations, sourceLinks }: { citations: readonly Citation[]; sourceLinks?: boolean }) {
  return (
    <Suspense fallback={null}>
      <CitationChipsView citations={citations} sourceLinks={sourceLinks} />
    </Suspense>
  );
}
