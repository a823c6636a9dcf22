// /admin/datasource: the file libraries (list), /new and /{id}/edit, and the older addresses that name the data
// source type and its endpoints type, /{dataSourceType}/{endpointsType}/new and …/{dataSourceId}/edit (docs/product.md
// §2): FileLibrary shows the same pages whatever its endpoints type, other types say they are not supported yet.
// Lazily loaded by the admin shell.
import '../admin-knowledge-texts';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { FileLibraryType, listPath } from './knowledge-paths';
import { LibraryEditPage } from './library-edit-page';
import { LibraryListPage } from './library-list-page';
import { LibraryNewPage } from './library-new-page';
import { UnsupportedDataSourcePage } from './unsupported-data-source-page';

function ByType({ page }: { page: 'new' | 'edit' }) {
  const { dataSourceType = '', endpointsType = '' } = useParams();
  if (dataSourceType !== FileLibraryType) return <UnsupportedDataSourcePage dataSourceType={dataSourceType} endpointsType={endpointsType} />;
  return page === 'new' ? <LibraryNewPage /> : <LibraryEditPage />;
}

export default function KnowledgeRoutes() {
  return (
    <Routes>
      <Route index element={<LibraryListPage />} />
      <Route path="new" element={<LibraryNewPage />} />
      <Route path=":dataSourceId/edit" element={<LibraryEditPage />} />
      <Route path=":dataSourceType/:endpointsType/new" element={<ByType page="new" />} />
      <Route path=":dataSourceType/:endpointsType/:dataSourceId/edit" element={<ByType page="edit" />} />
      <Route path="*" element={<Navigate to={listPath} replace />} />
    </Routes>
  );
}
