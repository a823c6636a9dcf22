// Route guards: protected pages need a session; the login page is only for signed-out people.
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { authActions, DefaultPathAfterLogin } from '../state/auth.slice';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { selectIsAuthenticated } from '../state/selectors';

export const LoginPath = '/auth/jwt/login';

function RedirectToLogin() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const loggedOut = useAppSelector((s) => s.auth.loggedOut);
  const requested = `${location.pathname}${location.search}`;
  useEffect(() => {
    // After a deliberate logout the page left behind is not where the next person wants to land.
    if (!loggedOut) dispatch(authActions.setPathAfterLogin(requested));
  }, [dispatch, loggedOut, requested]);
  return <Navigate to={LoginPath} replace />;
}

export function AuthGuard({ children }: { children: ReactNode }) {
  const authenticated = useAppSelector(selectIsAuthenticated);
  return authenticated ? children : <RedirectToLogin />;
}

function RedirectAfterLogin() {
  const dispatch = useAppDispatch();
  const path = useAppSelector((s) => s.auth.pathAfterLogin);
  // Captured once: resetting the remembered path below must not retarget this redirect.
  const [target] = useState(() => (path.startsWith('/') && !path.startsWith(LoginPath) ? path : DefaultPathAfterLogin));
  useEffect(() => {
    dispatch(authActions.setPathAfterLogin(DefaultPathAfterLogin));
  }, [dispatch]);
  return <Navigate to={target} replace />;
}

export function GuestGuard({ children }: { children: ReactNode }) {
  const authenticated = useAppSelector(selectIsAuthenticated);
  return authenticated ? <RedirectAfterLogin /> : children;
}
