// Paths of the public brand (theme, login layout, embeds), exported as BrandRoutes (see ../routes.ts).

export const brand = '/Brands/:brandKey';
export const brandFile = '/Brands/:brandKey/:fileName';
/** under ExternalApiBase (docs/wire-protocol.md: embeds load it) */
export const brandVariablesCss = '/brands/byGptPublicEndpoint/:endpoint/brandVariables.css';
