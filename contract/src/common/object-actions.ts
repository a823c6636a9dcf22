// What the signed-in person may do with one object, presented with it (like the agents'
// currentUserActions): the web shows its buttons from the server's answer instead of re-deriving rules.
export const ObjectActions = ['Edit', 'Delete'] as const;
export type ObjectAction = (typeof ObjectActions)[number];
