// The provider stack: store (with persisted auth), brand theme, notifications and the router.
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { NoticeStack } from '../components/notices/notice-stack';
import { AppRouter } from './router/router';
import { BrandThemeProvider } from './providers/brand-theme-provider';
import type { AppStore } from './state/store';

interface AppProps {
  store: AppStore;
  persistor: Persistor;
}

export function App({ store, persistor }: AppProps) {
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <BrandThemeProvider>
          <AppRouter />
          <NoticeStack />
        </BrandThemeProvider>
      </PersistGate>
    </Provider>
  );
}
