// The provider stack: store (with persisted auth), brand theme, notifications and the router.
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { NoticeStack } from '../components/notices/notice-stack';
import { BrandThemeProvider } from './providers/brand-theme-provider';
import type { AppStore } from './state/store';

interface AppProps {
  store: AppStore;
  persistor: Persistor;
  router: ReturnType<typeof createBrowserRouter>;
}

export function App({ store, persistor, router }: AppProps) {
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <BrandThemeProvider>
          <RouterProvider router={router} />
          <NoticeStack />
        </BrandThemeProvider>
      </PersistGate>
    </Provider>
  );
}
