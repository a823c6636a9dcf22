// The brand pages under /admin/brand (docs/product.md §2): list, new, {brandKey}/edit.
import '../admin-brands-texts';
import { Navigate, Route, Routes } from 'react-router';
import { BrandEditPage } from './brand-edit-page';
import { BrandListPage } from './brand-list-page';

export default function BrandsRoutes() {
  return (
    <Routes>
      <Route index element={<BrandListPage />} />
      <Route path="new" element={<BrandEditPage />} />
      <Route path=":brandKey/edit" element={<BrandEditPage />} />
      <Route path="*" element={<Navigate to="/admin/brand" replace />} />
    </Routes>
  );
}
