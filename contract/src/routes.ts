/** Route paths shared by server and web (relative to /api/internal unless noted). */
export const ApiBase = '/api/internal';
export const Routes = {
  generateToken: (provider: string) => `/authorization/${provider}/GenerateToken`,
  logout: '/authorization/logout',
  instanceSettings: '/InstanceSettings',
  buildInfo: '/InstanceSettings/buildInfo',
  features: '/features/List',
  health: '/health',
  brand: (brandKey: string) => `/Brands/${encodeURIComponent(brandKey)}`,
  brandFile: (brandKey: string, fileName: string) => `/Brands/${encodeURIComponent(brandKey)}/${encodeURIComponent(fileName)}`,
  userRolesWithResolvedActions: '/CurrentUser/UserRolesWithResolvedActions',
  pinnedGptSystems: '/CurrentUser/pinnedGptSystems',
} as const;
