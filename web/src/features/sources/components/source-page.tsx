// The route entry of /sources/{fileId} (app/router/router.tsx): a thin module that draws the page in the chat's
// frame (its sidebar and header), so that the app's entry, which counts towards the chat route's budget, names one
// small chunk for it rather than every chunk the page imports. The page itself loads from here.
import { lazy, Suspense } from 'react';
import ChatLayout from '../../../app/layouts/chat-layout';

const SourceDocumentPage = lazy(() => import('./source-document-page'));

export default function SourcePage() {
  return (
    <ChatLayout>
      <Suspense fallback={null}>
        <SourceDocumentPage />
      </Suspense>
    </ChatLayout>
  );
}
