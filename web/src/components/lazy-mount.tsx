// Dialogs and panels that most visits never open load on first opening instead of with their page:
// this renders its (lazy) children from the first time `open` is true, then keeps them mounted so
// that they can animate closed.
import { type ReactNode, Suspense, useState } from 'react';

export function LazyMount({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // adjusting state during render, as React recommends for state derived from props
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
