// /admin/user: list, /new, /cards, /{id}/profile, /account, /{userId}/edit (docs/product.md §2), lazily loaded by the admin shell.
import '../admin-users-texts';
import { Navigate, Route, Routes } from 'react-router';
import { UserAccountPage } from './user-account-page';
import { UserCardsPage } from './user-cards-page';
import { UserEditPage } from './user-edit-page';
import { UserListPage } from './user-list-page';
import { UserNewPage } from './user-new-page';
import { UserProfilePage } from './user-profile-page';

export default function UsersRoutes() {
  return (
    <Routes>
      <Route index element={<UserListPage />} />
      <Route path="new" element={<UserNewPage />} />
      <Route path="cards" element={<UserCardsPage />} />
      <Route path="account" element={<UserAccountPage />} />
      <Route path=":id/profile" element={<UserProfilePage />} />
      <Route path=":userId/edit" element={<UserEditPage />} />
      <Route path="*" element={<Navigate to="/admin/user" replace />} />
    </Routes>
  );
}
