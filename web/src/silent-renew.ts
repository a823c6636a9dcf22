// Entry of silent-renew.html: the hidden iframe of OIDC silent renew hands its URL back to the app.
import { UserManager } from 'oidc-client-ts';

// The callback only posts the URL to the parent window; these settings are never used to sign in.
const manager = new UserManager({
  authority: window.location.origin,
  client_id: 'silent-renew',
  redirect_uri: window.location.href,
});
void manager.signinSilentCallback();
